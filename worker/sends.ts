import { DelayedError, type Job } from "bullmq";
import { deliverToUpstream } from "@/lib/messages/deliver-to-upstream";
import { QUEUES } from "@/lib/queues";

/**
 * A send without a throughput slot yet goes back to the delayed set under the same job id,
 * so the request waiting on this job still hears its outcome when it is finally sent.
 */
export async function processSend(job: Job, token?: string) {
  const { messageId } = QUEUES.sends.payload.parse(job.data);
  const outcome = await deliverToUpstream(messageId);
  if (outcome.status !== "deferred") return outcome;
  await job.moveToDelayed(Date.now() + outcome.retryInMs, token);
  throw new DelayedError();
}
