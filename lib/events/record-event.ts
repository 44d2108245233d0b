import { randomBytes } from "node:crypto";
import type { EventName } from "@/lib/events/names";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export type Tx = Prisma.TransactionClient;

export function newDeliveryId(now = Date.now()): string {
  return `wh_${now}_${randomBytes(8).toString("hex")}`;
}

/**
 * The outbox: writes the Event and one Delivery per subscribed active webhook inside the
 * caller's transaction, so an event exists exactly when the change that caused it does.
 * Returns the delivery ids to enqueue once the transaction has committed.
 */
export async function recordEvent(
  tx: Tx,
  organizationId: string,
  name: EventName,
  data: Record<string, unknown>,
): Promise<string[]> {
  const event = await tx.event.create({
    data: { organizationId, name, data: data as Prisma.InputJsonValue },
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
