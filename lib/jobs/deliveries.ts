import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** One attempt of one customer webhook delivery (worker/deliveries.ts → lib/webhooks/deliver.ts). */
export const deliveriesJob = defineJob({
  name: "{deliveries}",
  payload: z.object({
    deliveryId: z.string().startsWith("wh_"),
    /** the webhook's delivery slot this job already holds (lib/webhooks/delivery-rate.ts) */
    slotAt: z.number().optional(),
  }),
  // retries are scheduled by us (DeliveryAttempt rows and nextAttemptAt), not by BullMQ
  options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  concurrency: (settings) => settings.DELIVERY_CONCURRENCY,
});
