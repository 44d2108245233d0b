import { z } from "zod";
import { deliveryEnvelope } from "@/lib/events/envelope";
import { type DeclaredEventName, EVENT_PAYLOADS } from "@/lib/events/payloads";
import type { Delivery, Event } from "@/lib/generated/prisma/client.ts";

const eventId = z
  .uuid()
  .meta({ description: "The event's own id: one event, one delivery per subscribed webhook" });

const names = Object.keys(EVENT_PAYLOADS) as DeclaredEventName[];

/** What a delivery carries (`event`, `timestamp`, `organization_id`, `data`), with `id` the event's id. */
export const eventJson = z
  .discriminatedUnion(
    "event",
    names.map((name) => deliveryEnvelope(name, EVENT_PAYLOADS[name].data, eventId)) as [
      ReturnType<typeof deliveryEnvelope>,
      ...ReturnType<typeof deliveryEnvelope>[],
    ],
  )
  .meta({ id: "Event", description: "An event as its deliveries carry it, `id` being the event's id" });

export type EventJson = z.infer<typeof eventJson>;

export const eventDeliveryJson = z
  .object({
    id: z
      .string()
      .meta({ description: "Delivery id `wh_<ms>_<hex>`, the X-Service-Delivery-Id of its attempts" }),
    webhook_id: z.string().meta({ description: "`wbk_<hex>`" }),
    status: z.enum(["pending", "succeeded", "failed"]),
    attempt_count: z.number().int(),
    next_attempt_at: z.iso.datetime().nullable(),
    last_attempt_at: z.iso.datetime().nullable(),
    succeeded_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "EventDelivery" });

export const eventDetailJson = z
  .intersection(
    eventJson,
    z.object({
      deliveries: z
        .array(eventDeliveryJson)
        .meta({ description: "One per webhook subscribed when the event happened, oldest first" }),
    }),
  )
  .meta({ id: "EventDetail" });

export type EventDetailJson = z.infer<typeof eventDetailJson>;

export function toEventJson(e: Event): EventJson {
  return {
    id: e.id,
    event: e.name as DeclaredEventName,
    timestamp: e.createdAt.toISOString(),
    organization_id: e.organizationId,
    data: e.data as Record<string, unknown>,
  } as EventJson;
}

export function toEventDetailJson(e: Event & { deliveries: Delivery[] }): EventDetailJson {
  return {
    ...toEventJson(e),
    deliveries: e.deliveries.map((d) => ({
      id: d.id,
      webhook_id: d.webhookId,
      status: d.status,
      attempt_count: d.attemptCount,
      next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
      last_attempt_at: d.lastAttemptAt?.toISOString() ?? null,
      succeeded_at: d.succeededAt?.toISOString() ?? null,
    })),
  };
}
