import "#server-only";
import { enqueue, queue } from "@/lib/queues";

/** One job id per attempt: `${deliveryId}-${attemptNumber}`, so adding it twice is a no-op. */
export function deliveryJobId(deliveryId: string, attemptNumber: number): string {
  return `${deliveryId}-${attemptNumber}`;
}

export type EnsureResult = "added" | "promoted" | "exists";

/**
 * Makes sure a live job will run the delivery's next attempt. A job id that BullMQ still
 * keeps as completed or failed (e.g. a job that failed while PostgreSQL was away) would make
 * the add a silent no-op, so such a leftover is removed first. `promote` runs a delayed job now.
 * Two jobs for one attempt are harmless: the attempt is claimed in PostgreSQL (see deliver.ts).
 */
export async function ensureDeliveryJob(
  deliveryId: string,
  attemptNumber: number,
  { promote }: { promote: boolean },
): Promise<EnsureResult> {
  const jobId = deliveryJobId(deliveryId, attemptNumber);
  const job = await queue("deliveries").getJob(jobId);
  if (job) {
    const state = await job.getState();
    if (state === "delayed") {
      if (!promote) return "exists";
      return job.promote().then(
        (): EnsureResult => "promoted",
        (): EnsureResult => "exists",
      );
    }
    if (state !== "completed" && state !== "failed" && state !== "unknown") return "exists";
    await job.remove().catch(() => undefined);
  }
  await enqueue("deliveries", { deliveryId }, { jobId });
  return "added";
}
