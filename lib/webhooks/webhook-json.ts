import { z } from "zod";
import { ALL_EVENTS, EVENT_NAMES, type EventName, OPT_IN_EVENT_NAMES } from "@/lib/events/names";
import type { Webhook } from "@/lib/generated/prisma/client.ts";

/**
 * The Webhook registration of the contract (id, name, url, events, status, created_at), plus
 * `has_secret`, `disabled_reason` and `updated_at`. Never the secret: it is write-only.
 */
export const webhookJson = z
  .object({
    id: z.string().meta({ description: "`wbk_<hex>`", example: "wbk_3f9a1c0d5e7b2a4c6d8e0f1a" }),
    name: z.string().meta({ description: "Label shown in the dashboard" }),
    url: z.string().meta({ description: "Public HTTPS endpoint" }),
    events: z.array(z.enum([ALL_EVENTS, ...EVENT_NAMES])).meta({
      description: `Subscribed event names; \`"${ALL_EVENTS}"\` first when it receives every event but the opt-in ones (also events added later), followed by the opt-in names it also receives`,
      example: [ALL_EVENTS],
    }),
    status: z.enum(["active", "disabled"]).meta({ description: "`active` after creation" }),
    has_secret: z
      .boolean()
      .meta({ description: "Whether deliveries are signed (the secret is never returned)" }),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: "Why the webhook was disabled, e.g. the endpoint answered 410 Gone" }),
    disabled_at: z.iso.datetime().nullable().meta({ description: "When it was disabled" }),
    auto_disabled: z.boolean().meta({
      description:
        "Disabled by the product, not a person: the endpoint answered 410 Gone, or accepted no delivery for 5 days",
    }),
    rate_limit: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Deliveries per second at most; null: no limit" }),
    created_at: z.iso.datetime().meta({ description: "Creation time (ISO 8601)" }),
    updated_at: z.iso.datetime().meta({ description: "Last change (ISO 8601)" }),
  })
  .meta({ id: "Webhook" });

export type WebhookJson = z.infer<typeof webhookJson>;

/** The answer of "Rotate secret": the new secret, this one time. */
export type RotatedSecretJson = {
  webhook: WebhookJson;
  secret: string;
  previous_secret_expires_at: string | null;
  grace_period_hours: number;
};

export const deletedWebhookJson = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .meta({ id: "DeletedWebhook" });

function isEventName(name: string): name is EventName {
  return (EVENT_NAMES as readonly string[]).includes(name);
}

function isOptIn(name: string): name is EventName {
  return (OPT_IN_EVENT_NAMES as readonly string[]).includes(name);
}

/**
 * The API's `events` as stored: `"*"` becomes `all_events`, beside which only the opt-in names
 * are kept (the others it already receives).
 */
export function storedEvents(events: (typeof ALL_EVENTS | EventName)[]): {
  allEvents: boolean;
  events: string[];
} {
  const all = events.includes(ALL_EVENTS);
  const names = events.filter((e) => e !== ALL_EVENTS);
  return { allEvents: all, events: all ? names.filter(isOptIn) : names };
}

/** The stored subscription as the API's `events`: `["*", …opt-in names]` for an all-events one. */
export function subscribedEvents(
  w: Pick<Webhook, "events" | "allEvents">,
): (typeof ALL_EVENTS | EventName)[] {
  return w.allEvents ? [ALL_EVENTS, ...w.events.filter(isOptIn)] : w.events.filter(isEventName);
}

export function toWebhookJson(w: Webhook): WebhookJson {
  return {
    id: w.id,
    name: w.name,
    url: w.url,
    events: subscribedEvents(w),
    status: w.status,
    has_secret: w.secretEnc !== null,
    disabled_reason: w.disabledReason,
    disabled_at: w.disabledAt?.toISOString() ?? null,
    auto_disabled: w.autoDisabled,
    rate_limit: w.rateLimit,
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
