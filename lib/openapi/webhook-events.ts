import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { deliveryEnvelope, deliveryIdSchema } from "@/lib/events/envelope";
import { type DeclaredEventName, EVENT_PAYLOADS } from "@/lib/events/payloads";

/** The headers of every delivery attempt (docs/webhooks.md), documented once for every event. */
function deliveryHeaders(name: string) {
  return z.object({
    "Content-Type": z.literal("application/json"),
    "User-Agent": z.string().meta({ description: "`Service-Webhooks/1.0`" }),
    "X-Service-Event": z
      .literal(name)
      .meta({ description: "The event name, the same as `event` in the body" }),
    "X-Service-Timestamp": z
      .string()
      .regex(/^\d{13}$/)
      .meta({ description: "When this attempt was signed, Unix time in milliseconds" }),
    "X-Service-Delivery-Id": deliveryIdSchema,
    "X-Service-Signature": z
      .string()
      .regex(/^sha256=[0-9a-f]{64}$/)
      .optional()
      .meta({
        description:
          '`sha256=` + hex HMAC-SHA256(secret, X-Service-Timestamp + "." + raw body); absent when the webhook has no secret',
      }),
    "webhook-id": z.string().meta({ description: "Standard Webhooks: the delivery id again" }),
    "webhook-timestamp": z
      .string()
      .regex(/^\d{10}$/)
      .meta({ description: "Standard Webhooks: the same moment in Unix seconds" }),
    "webhook-signature": z.string().optional().meta({
      description:
        'Standard Webhooks: `v1,<base64 HMAC-SHA256(key, id + "." + timestamp + "." + raw body)>`, space-separated with the previous secret\'s during a rotation; absent when the webhook has no secret',
    }),
  });
}

function pascal(name: string): string {
  return name
    .split(/[._]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

function eventOperation(name: DeclaredEventName): ZodOpenApiOperationObject {
  const declared = EVENT_PAYLOADS[name];
  const envelope = deliveryEnvelope(name, declared.data, deliveryIdSchema).meta({
    id: `${pascal(name)}Event`,
    description: `The body of a \`${name}\` delivery.`,
  });
  return {
    operationId: `${name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}Event`,
    tags: ["Events"],
    summary: declared.summary,
    description: declared.description,
    requestParams: { header: deliveryHeaders(name) },
    requestBody: { required: true, content: { "application/json": { schema: envelope } } },
    responses: {
      "2XX": {
        description:
          "Acknowledged: answer within 10 seconds (3 advised). Any other answer, a timeout or a redirect is retried on the schedule of docs/webhooks.md; `410 Gone` disables the webhook; `429`/`503` with `Retry-After` delay the next attempt.",
      },
    },
  };
}

/** OpenAPI 3.1 `webhooks`: one POST per event we send, keyed by the event name. */
export function webhookEvents(): ZodOpenApiPathsObject {
  const names = Object.keys(EVENT_PAYLOADS) as DeclaredEventName[];
  return Object.fromEntries(names.map((name) => [name, { post: eventOperation(name) }]));
}
