import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";

/** a due delivery's own job normally takes it within milliseconds; past this it has lost its job */
const GRACE_MS = 5_000;
const BATCH = 1_000;

/**
 * design.md: PostgreSQL is the truth and Redis can lose jobs (flushed, evicted, a worker killed
 * mid-attempt). Every pending delivery of an active webhook whose next attempt is overdue gets
 * its job back, under the job id of that attempt, so a job that still exists is left alone.
 * Runs from the maintenance queue; safe to run often and from several processes.
 */
export async function sweepDeliveries(
  options: { graceMs?: number; batch?: number } = {},
): Promise<{ overdue: number; requeued: number }> {
  const cutoff = new Date(Date.now() - (options.graceMs ?? GRACE_MS));
  const overdue = await db().delivery.findMany({
    where: { status: "pending", nextAttemptAt: { lt: cutoff }, webhook: { status: "active" } },
    select: { id: true, attemptCount: true },
    orderBy: { nextAttemptAt: "asc" },
    take: options.batch ?? BATCH,
  });
  let requeued = 0;
  for (const d of overdue) {
    try {
      const result = await ensureDeliveryJob(d.id, d.attemptCount + 1, { promote: false });
      if (result === "added") requeued++;
    } catch (err) {
      logger.warn({ err: String(err), deliveryId: d.id }, "sweep: could not requeue a delivery");
    }
  }
  if (requeued > 0) logger.info({ overdue: overdue.length, requeued }, "sweep: deliveries requeued");
  return { overdue: overdue.length, requeued };
}
