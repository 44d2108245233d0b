import "#server-only";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { deleteOldest, type Expired, PRUNE_BATCH } from "@/lib/maintenance/delete-oldest";
import { pruneEvents } from "@/lib/maintenance/prune-events";

/**
 * The retention rules of the tables pruned whole (design.md): idempotency keys after their 24 h,
 * attempts and raw notifications after 30 days (a notification not processed yet is kept: the
 * sweeper still owes it). Each reads in the order of its table's index, so a batch stops early.
 */
export function retentionRules(
  now: Date,
  retentionDays = 30,
): { idempotency: Expired; attempts: Expired; notifications: Expired } {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return {
    idempotency: {
      table: "idempotency_keys",
      oldest: (batch) => Prisma.sql`SELECT t.id FROM idempotency_keys t WHERE t.expires_at < ${now}
        ORDER BY t.expires_at LIMIT ${batch}`,
    },
    attempts: {
      table: "delivery_attempts",
      oldest: (batch) => Prisma.sql`SELECT t.id FROM delivery_attempts t WHERE t.started_at < ${cutoff}
        ORDER BY t.started_at LIMIT ${batch}`,
    },
    notifications: {
      table: "upstream_notifications",
      // its index is (processed_at, received_at): the oldest processed come first
      oldest: (batch) => Prisma.sql`SELECT t.id FROM upstream_notifications t
        WHERE t.processed_at IS NOT NULL AND t.received_at < ${cutoff}
        ORDER BY t.processed_at, t.received_at LIMIT ${batch}`,
    },
  };
}

/**
 * design.md retention, in batches (lib/maintenance/delete-oldest.ts), across organizations on
 * purpose (docs/security.md lists it); events (with their deliveries) after EVENT_RETENTION_DAYS
 * (lib/maintenance/prune-events.ts). `batch` is for tests.
 */
export async function prune(retentionDays = 30, batch = PRUNE_BATCH): Promise<Record<string, number>> {
  const rules = retentionRules(new Date(), retentionDays);
  const counts = await Promise.all(
    Object.entries(rules).map(async ([name, rule]) => [name, await deleteOldest(rule, batch)] as const),
  );
  const events = await pruneEvents(Date.now(), batch);
  return { ...Object.fromEntries(counts), events };
}
