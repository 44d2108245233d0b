import { DelayedError, type Job } from "bullmq";
import { QUEUES } from "@/lib/queues";
import { type DeliverOutcome, deliver } from "@/lib/webhooks/deliver";

/**
 * One attempt of one customer webhook delivery (lib/webhooks/deliver.ts). When the delivery's
 * organization already has its share of attempts in flight, the job steps aside for a moment,
 * under the same job id, so that other organizations' deliveries take the free slots.
 */
export async function processDelivery(job: Job, token?: string): Promise<DeliverOutcome> {
  const { deliveryId } = QUEUES.deliveries.payload.parse(job.data);
  const outcome = await deliver(deliveryId);
  if (outcome.kind === "postponed" && token) {
    await job.moveToDelayed(Date.now() + outcome.delayMs, token);
    throw new DelayedError();
  }
  return outcome;
}
