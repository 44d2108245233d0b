import { DelayedError } from "bullmq";
import { handle } from "@/lib/jobs/define-job";
import { deliveriesJob } from "@/lib/jobs/deliveries";
import { deliver } from "@/lib/webhooks/deliver";

/**
 * One attempt of one customer webhook delivery (lib/webhooks/deliver.ts). When the delivery's
 * organization already has its share of attempts in flight, the job steps aside for a moment,
 * under the same job id, so that other organizations' deliveries take the free slots. Over its
 * webhook's delivery rate limit it waits, under the same job id, for the slot it reserved.
 */
export const processDelivery = handle(deliveriesJob, async ({ deliveryId, slotAt }, job, token) => {
  const outcome = await deliver(deliveryId, slotAt);
  if (outcome.kind === "postponed" && token) {
    // a reserved rate-limit slot goes with the job; an org-slot postponement keeps none (the
    // job's data is only written when that changes: postponements are frequent under a backlog)
    if (outcome.slotAt !== slotAt) {
      await job.updateData({
        deliveryId,
        ...(outcome.slotAt === undefined ? {} : { slotAt: outcome.slotAt }),
      });
    }
    await job.moveToDelayed(Date.now() + outcome.delayMs, token);
    throw new DelayedError();
  }
  return outcome;
});
