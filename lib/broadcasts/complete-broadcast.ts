import "#server-only";
import { countsSql } from "@/lib/broadcasts/broadcast-json";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { eventDataSql, type OutboxResult, withEventSql } from "@/lib/events/outbox-sql";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * A running broadcast with no pending recipient left becomes `completed`, and
 * broadcast.completed `{ broadcastId, counts, timestamp }` is recorded in the same statement.
 * Answers whether the broadcast needs its driver no more (completed now or before, paused,
 * cancelled, gone); false while recipients are pending.
 */
export async function completeIfDone(broadcastId: string): Promise<boolean> {
  const at = new Date();
  const [result] = await db().$queryRaw<OutboxResult[]>(
    withEventSql(
      Prisma.sql`UPDATE broadcasts b SET status = 'completed', completed_at = ${at}, updated_at = ${at}
        WHERE b.id = ${broadcastId}::uuid AND b.status = 'running'
          AND (SELECT coalesce(sum(pending), 0) FROM broadcast_counters WHERE broadcast_id = b.id) = 0
        RETURNING b.organization_id, ${eventDataSql("broadcast.completed", {
          broadcastId: Prisma.sql`b.id`,
          counts: Prisma.sql`jsonb_build_object('total', b.total) || ${countsSql}::jsonb`,
          timestamp: Prisma.sql`${at.toISOString()}::text`,
        })}`,
      "broadcast.completed",
      at,
    ),
  );
  if ((result?.changed ?? 0) > 0) {
    await enqueueDeliveries(result?.delivery_ids ?? []);
    return true;
  }
  const still = await db().broadcast.findUnique({ where: { id: broadcastId }, select: { status: true } });
  return still?.status !== "running";
}
