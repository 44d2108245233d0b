import "#server-only";
import { config } from "@/lib/config";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { type DeliverOutcome, deliver } from "@/lib/webhooks/deliver";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";

const running = new Set<Promise<void>>();
let stopping = false;

/**
 * The first attempts of deliveries this worker process has just committed, made right here
 * instead of through a `{deliveries}` job each: no job to add, take and finish. Called after
 * commit by worker-side paths only (the web keeps enqueueing). Each attempt runs detached from
 * the caller (a slow endpoint never holds up the job that recorded the event), at most
 * DELIVERY_CONCURRENCY at once in the process. Whatever cannot run now (over that bound, the
 * process stopping) or is postponed (the organization's in-flight share, the webhook's rate
 * limit) or fails before it is recorded goes the job way, as worker/deliveries.ts would put
 * it back. A process that dies meanwhile loses nothing: the delivery is pending in PostgreSQL,
 * the claim (deliver.ts) keeps two runs from both sending, and the sweeper brings it back.
 */
export async function startDeliveries(deliveryIds: string[]): Promise<void> {
  const limit = config().DELIVERY_CONCURRENCY;
  const queued: string[] = [];
  for (const deliveryId of deliveryIds) {
    if (stopping || running.size >= limit) {
      queued.push(deliveryId);
      continue;
    }
    const run = firstAttempt(deliveryId).finally(() => running.delete(run));
    running.add(run);
  }
  await enqueueDeliveries(queued);
}

async function firstAttempt(deliveryId: string): Promise<void> {
  let outcome: DeliverOutcome;
  try {
    outcome = await deliver(deliveryId);
  } catch (err) {
    // the attempt's own job takes it (or, past a claim, finds it leased and leaves it to the sweeper)
    logger.warn({ err: String(err), deliveryId }, "inline delivery attempt failed; queued as a job");
    outcome = { kind: "postponed", delayMs: 0 };
  }
  if (outcome.kind !== "postponed") return;
  // as worker/deliveries.ts puts a postponed job back: the reserved rate-limit slot goes with it
  const payload = outcome.slotAt === undefined ? { deliveryId } : { deliveryId, slotAt: outcome.slotAt };
  await enqueue("deliveries", payload, { jobId: deliveryJobId(deliveryId, 1), delay: outcome.delayMs }).catch(
    (err: unknown) =>
      logger.warn({ err: String(err), deliveryId }, "delivery enqueue failed; the sweeper will pick it up"),
  );
}

/**
 * For the worker's shutdown: no more inline attempts start (they are queued as jobs), and the
 * ones in flight are waited for, each bounded by the attempt's timeout.
 */
export async function drainInlineDeliveries(): Promise<void> {
  stopping = true;
  await Promise.allSettled([...running]);
}
