import { DelayedError, type Job } from "bullmq";
import { runBroadcast } from "@/lib/broadcasts/run-broadcast";
import { QUEUES } from "@/lib/queues";

/**
 * One job per broadcast. While it waits (for slots, for recipients put back, for its
 * scheduled time) it goes back to the delayed set under the same job id instead of holding
 * a worker slot; it ends when the broadcast needs no driver.
 */
export async function processBroadcast(job: Job, token?: string) {
  const { broadcastId } = QUEUES.broadcasts.payload.parse(job.data);
  const result = await runBroadcast(broadcastId);
  if (result.next === "later") {
    await job.moveToDelayed(result.at, token);
    throw new DelayedError();
  }
  return result;
}
