import { randomBytes } from "node:crypto";
import { buildEventData, type DeclaredEventName, type EventDataInput } from "@/lib/events/payloads";
import { outboxSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";

export type Tx = Prisma.TransactionClient;

export function newDeliveryId(now = Date.now()): string {
  return `wh_${now}_${randomBytes(8).toString("hex")}`;
}

/**
 * The outbox inside the caller's transaction: writes the Event and one Delivery per subscribed
 * active webhook, so an event exists exactly when the change that caused it does. The payload
 * is built by the event's declared schema (lib/events/payloads.ts), the one the OpenAPI
 * document publishes. One statement (lib/events/repository.ts's outbox, the shape every path shares).
 * Returns the delivery ids to enqueue once the transaction has committed.
 */
export async function recordEvent<N extends DeclaredEventName>(
  tx: Tx,
  organizationId: string,
  name: N,
  data: EventDataInput<N>,
  /** the event's time: the caller's own when a row it writes must read the same instant */
  at: Date = new Date(),
): Promise<string[]> {
  const [row] = await tx.$queryRaw<{ delivery_ids: string[] }[]>(
    outboxSql(
      organizationId,
      [],
      Prisma.sql`SELECT ${organizationId}::uuid AS organization_id, ${name}::text AS event_name,
        ${JSON.stringify(buildEventData(name, data))}::jsonb AS event_data`,
      at,
    ),
  );
  return row?.delivery_ids ?? [];
}
