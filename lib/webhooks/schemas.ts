import { z } from "zod";
import { pageQuery } from "@/lib/api/pagination";
import { ALL_EVENTS, EVENT_NAMES, OPT_IN_EVENT_NAMES } from "@/lib/events/names";
import { isUsableSecret } from "@/lib/webhooks/secret-format";

/** design.md count limits, and the lengths we accept. */
export const WEBHOOK_LIMITS = {
  perOrganization: 20,
  nameLength: 100,
  urlLength: 2048,
  secretLength: 1024,
  /** deliveries per second at most, when a webhook sets a rate limit */
  rateLimitMax: 1000,
} as const;

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === "string" && v.trim() === "") ? undefined : v;

const eventName = z.enum(EVENT_NAMES, {
  error: (issue) => `unknown event name ${JSON.stringify(issue.input)}; known: ${EVENT_NAMES.join(", ")}`,
});

const subscribedName = z.enum([ALL_EVENTS, ...EVENT_NAMES], {
  error: (issue) =>
    `unknown event name ${JSON.stringify(issue.input)}; known: "${ALL_EVENTS}" (all events), ${EVENT_NAMES.join(", ")}`,
});

const events = z
  .array(subscribedName)
  .min(1, "subscribe to at least one event")
  .transform((names) => [...new Set(names)])
  .meta({
    description: `Event names to receive; duplicates are ignored. \`"${ALL_EVENTS}"\` receives every event but the opt-in ones (${OPT_IN_EVENT_NAMES.join(", ")}), also events added later; opt-in names may be listed beside it`,
    example: ["contact.created"],
  });

const url = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.urlLength, `at most ${WEBHOOK_LIMITS.urlLength} characters`)
    .meta({ description: "Public HTTPS endpoint", example: "https://example.com/webhooks" }),
);

const name = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.nameLength, `at most ${WEBHOOK_LIMITS.nameLength} characters`)
    .optional()
    .meta({ description: "Label; defaults to the URL's host" }),
);

const secretValue = z
  .string()
  .min(1, "omit secret for unsigned deliveries, or give one (32+ random characters advised)")
  .max(WEBHOOK_LIMITS.secretLength, `at most ${WEBHOOK_LIMITS.secretLength} characters`)
  // an empty secret is reported by min() alone
  .refine(
    (s) => s === "" || isUsableSecret(s),
    "a secret starting with whsec_ must carry base64 after the prefix",
  );

const rateLimit = z
  .number({ error: "must be a whole number of deliveries per second, or null for no limit" })
  .int("must be a whole number of deliveries per second")
  .min(1, "at least 1 delivery per second (null: no limit)")
  .max(WEBHOOK_LIMITS.rateLimitMax, `at most ${WEBHOOK_LIMITS.rateLimitMax} deliveries per second`)
  .nullable()
  .optional()
  .meta({
    description:
      "Deliveries per second at most, so your endpoint is never flooded (a backlog after an outage is spread out); null or absent: no limit",
    example: 10,
  });

export const createWebhookBody = z
  .object({
    url,
    events,
    name,
    rate_limit: rateLimit,
    secret: secretValue.optional().meta({
      description:
        "Signs deliveries; write-only. A long random string (32+ characters) is advised; `whsec_<base64>` secrets are used as Standard Webhooks keys",
    }),
  })
  .meta({ id: "CreateWebhookBody" });

export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const updateWebhookBody = z
  .object({
    url: url.optional(),
    events: events.optional(),
    name,
    rate_limit: rateLimit,
    secret: z
      .union([z.literal(""), secretValue, z.null()])
      .optional()
      .meta({
        description: "Absent or empty keeps the stored secret; a new value replaces it; null removes it",
      }),
    status: z.enum(["active", "disabled"]).optional().meta({
      description:
        "`disabled` stops deliveries (pending ones fail); `active` resumes, also after an automatic disable (410 Gone, or failing for 5 days)",
    }),
  })
  .meta({ id: "UpdateWebhookBody" });

export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

export const webhookParams = z.object({ id: z.string().meta({ description: "Webhook id, `wbk_<hex>`" }) });

export const deliveryParams = webhookParams.extend({
  deliveryId: z.string().meta({ description: "Delivery id, `wh_<ms>_<hex>`" }),
});

const instant = (description: string) =>
  z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time, e.g. 2025-01-31T12:00:00Z" })
    .transform((v) => new Date(v))
    .optional()
    .meta({ description });

export const listDeliveriesQuery = pageQuery
  .extend({
    status: z.enum(["pending", "succeeded", "failed"]).optional().meta({ description: "Delivery status" }),
    event: eventName.optional().meta({ description: "Event name" }),
    since: instant("Deliveries created at or after this time"),
    until: instant("Deliveries created before this time"),
  })
  .meta({ id: "ListDeliveriesQuery" });

export type ListDeliveriesQuery = z.infer<typeof listDeliveriesQuery>;

/** POST /v1/webhooks/{id}/recover (COORDINATION.md: `{ since, until? }` → `{ count }`). */
export const recoverWebhookBody = z
  .object({
    since: z.iso
      .datetime({
        offset: true,
        // absent: zod's own message, which the validation mapping reads as VALIDATION_MISSING_FIELD
        error: (issue) =>
          issue.input === undefined ? undefined : "must be an ISO 8601 date-time, e.g. 2025-01-31T12:00:00Z",
      })
      .transform((v) => new Date(v))
      .meta({ description: "Redeliver the failed deliveries created at or after this time" }),
    until: instant("…and before this time (default: now)"),
  })
  .meta({ id: "RecoverWebhookBody" });

export const recoverWebhookJson = z
  .object({
    count: z.number().int().meta({ description: "Failed deliveries queued again, oldest first" }),
    more: z.boolean().meta({
      description: "Failed deliveries remain in the range (at most 5,000 are queued a call): call again",
    }),
  })
  .meta({ id: "RecoverWebhookResult" });
/** POST /v1/webhooks/{id}/retry-now: the retrying deliveries created in [since, until), all when absent. */
export const retryNowBody = z
  .object({
    since: instant("Retry deliveries created at or after this time"),
    until: instant("Retry deliveries created before this time"),
  })
  .meta({ id: "RetryNowBody" });

export const retryNowJson = z
  .object({
    count: z.int().meta({ description: "How many retrying deliveries are now due (at most 5,000 a call)" }),
  })
  .meta({ id: "RetryNowResult" });
