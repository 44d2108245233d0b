import "#server-only";
import { db } from "@/lib/db";
import { pruneEvents } from "@/lib/maintenance/prune-events";

/**
 * design.md retention: idempotency keys after their 24 h, attempts and raw notifications after
 * 30 days; events (with their deliveries) after EVENT_RETENTION_DAYS (lib/maintenance/prune-events.ts).
 */
export async function prune(retentionDays = 30): Promise<Record<string, number>> {
  const cutoff = new Date(Date.now() - retentionDays * 86_400_000);
  const [idempotency, attempts, notifications] = await Promise.all([
    db().idempotencyKey.deleteMany({ where: { expiresAt: { lt: new Date() } } }),
    db().deliveryAttempt.deleteMany({ where: { startedAt: { lt: cutoff } } }),
    db().upstreamNotification.deleteMany({
      where: { receivedAt: { lt: cutoff }, processedAt: { not: null } },
    }),
  ]);
  const events = await pruneEvents();
  return {
    idempotency: idempotency.count,
    attempts: attempts.count,
    notifications: notifications.count,
    events,
  };
}
