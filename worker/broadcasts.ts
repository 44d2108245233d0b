import { DelayedError } from "bullmq";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { broadcastsJob } from "@/lib/jobs/broadcasts";
import { handle } from "@/lib/jobs/define-job";

/**
 * One job per broadcast. While it waits (for slots, for recipients put back, for its
 * scheduled time) it goes back to the delayed set under the same job id instead of holding
 * a worker slot; it ends when the broadcast needs no driver.
 */
export const processBroadcast = handle(broadcastsJob, async ({ broadcastId }, job, token) => {
  const result = await runBroadcast(broadcastId);
  if (result.next === "later") {
    await job.moveToDelayed(result.at, token);
    throw new DelayedError();
  }
  return result;
});
