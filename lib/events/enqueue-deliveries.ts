import "#server-only";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";

/**
 * Called after the transaction that wrote the deliveries has committed. A failure here loses
 * nothing: the sweeper re-enqueues due deliveries that have no job.
 */
export async function enqueueDeliveries(deliveryIds: string[]): Promise<void> {
  try {
    await Promise.all(
      deliveryIds.map((deliveryId) => enqueue("deliveries", { deliveryId }, { jobId: `${deliveryId}-1` })),
    );
  } catch (err) {
    logger.warn({ err: String(err), deliveryIds }, "delivery enqueue failed; the sweeper will pick them up");
  }
}
