import "#server-only";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";

/** a due delivery's own job normally takes it within milliseconds; past this it may have lost it */
const GRACE_MS = 5_000;
const BATCH = 500;
/** bounds one run; the next run goes on */
const MAX_PER_RUN = 20_000;

export type SweepOptions = { graceMs?: number; batch?: number; organizationId?: string };

/**
 * design.md: PostgreSQL is the truth and Redis can lose jobs (flushed, evicted, a worker killed
 * mid-attempt). Every pending delivery of an active webhook whose next attempt is overdue gets
 * its job back, under the job id of that attempt, so a job that still exists (e.g. one waiting
 * for its organization's share of the workers) is left alone. It walks all overdue deliveries
 * by id, so a large backlog with live jobs cannot hide the ones that lost theirs. Runs from the
 * maintenance queue; safe to run often and from several processes. The options narrow a run
 * (one organization's deliveries, for support tooling and tests).
 */
export async function sweepDeliveries(
  options: SweepOptions = {},
): Promise<{ overdue: number; requeued: number }> {
  const cutoff = new Date(Date.now() - (options.graceMs ?? GRACE_MS));
  const batch = options.batch ?? BATCH;
  let after = "";
  let overdue = 0;
  let requeued = 0;
  while (overdue < MAX_PER_RUN) {
    const rows = await db().delivery.findMany({
      where: {
        id: { gt: after },
        status: "pending",
        nextAttemptAt: { lt: cutoff },
        webhook: { status: "active" },
        ...(options.organizationId ? { organizationId: options.organizationId } : {}),
      },
      select: { id: true, attemptCount: true },
      orderBy: { id: "asc" },
      take: batch,
    });
    for (const d of rows) {
      try {
        if ((await ensureDeliveryJob(d.id, d.attemptCount + 1, { promote: false })) === "added") requeued++;
      } catch (err) {
        logger.warn({ err: String(err), deliveryId: d.id }, "sweep: could not requeue a delivery");
      }
    }
    overdue += rows.length;
    const last = rows.at(-1);
    if (!last || rows.length < batch) break;
    after = last.id;
  }
  if (requeued > 0) logger.info({ overdue, requeued }, "sweep: deliveries requeued");
  return { overdue, requeued };
}
