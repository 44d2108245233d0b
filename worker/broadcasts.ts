import { DelayedError } from "bullmq";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { broadcastsJob } from "@/lib/jobs/broadcasts";
import { handle } from "@/lib/jobs/define-job";

/**
 * One job per broadcast. While it waits (for slots, for recipients put back, for its
 * scheduled time) it goes back to the delayed set under the same job id instead of holding
 * a worker slot; it ends when the broadcast needs no driver.
 */
export const processBroadcast = handle(broadcastsJob, async ({ broadcastId, organizationId }, job, token) => {
  // a job queued before the payload named the organization: the sweeper queues the broadcast again with it
  if (!organizationId) return { next: "done" };
  const result = await runBroadcast(organizationId, broadcastId);
  if (result.next === "later") {
    await job.moveToDelayed(result.at, token);
    throw new DelayedError();
  }
  return result;
});
