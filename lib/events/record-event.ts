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
 * OpenAPI document publishes. One statement (the event, then its deliveries from the
 * subscribed webhooks): every event of every path costs one round trip, not three.
 * Returns the delivery ids to enqueue once the transaction has committed.
 */
export async function recordEvent<N extends DeclaredEventName>(
  tx: Tx,
  organizationId: string,
  name: N,
  data: EventDataInput<N>,
): Promise<string[]> {
  const now = new Date();
  const rows = await tx.$queryRaw<{ id: string }[]>`
    WITH ev AS (
      INSERT INTO events (id, organization_id, name, data, created_at)
      VALUES (gen_random_uuid(), ${organizationId}::uuid, ${name}, ${JSON.stringify(buildEventData(name, data))}::jsonb, ${now})
      RETURNING id, organization_id
    )
    INSERT INTO deliveries (id, organization_id, webhook_id, event_id, status, attempt_count, next_attempt_at, created_at, updated_at)
    SELECT 'wh_' || ${String(now.getTime())} || '_' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 16),
           ev.organization_id, w.id, ev.id, 'pending', 0, ${now}, ${now}, ${now}
    FROM ev JOIN webhooks w ON w.organization_id = ev.organization_id AND w.status = 'active' AND ${name} = ANY (w.events)
    RETURNING id`;
  return rows.map((r) => r.id);
}
