import { randomBytes } from "node:crypto";
import { buildEventData, type DeclaredEventName, type EventDataInput } from "@/lib/events/payloads";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export type Tx = Prisma.TransactionClient;

export function newDeliveryId(now = Date.now()): string {
  return `wh_${now}_${randomBytes(8).toString("hex")}`;
}

/**
 * The outbox: writes the Event and one Delivery per subscribed active webhook inside the
 * caller's transaction, so an event exists exactly when the change that caused it does.
 * The payload is built by the event's declared schema (lib/events/payloads.ts), the one the
 * OpenAPI document publishes. Returns the delivery ids to enqueue once the transaction has committed.
 */
export async function recordEvent<N extends DeclaredEventName>(
  tx: Tx,
  organizationId: string,
  name: N,
  data: EventDataInput<N>,
): Promise<string[]> {
  const event = await tx.event.create({
    data: { organizationId, name, data: buildEventData(name, data) },
  });
  const webhooks = await tx.webhook.findMany({
    where: { organizationId, status: "active", events: { has: name } },
    select: { id: true },
  });
  if (webhooks.length === 0) return [];
  const now = Date.now();
  const deliveries = webhooks.map((w) => ({
    id: newDeliveryId(now),
    organizationId,
    webhookId: w.id,
    eventId: event.id,
    nextAttemptAt: new Date(now),
  }));
  await tx.delivery.createMany({ data: deliveries });
  return deliveries.map((d) => d.id);
}
