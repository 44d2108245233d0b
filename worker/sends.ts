import { DelayedError } from "bullmq";
import { handle } from "@/lib/jobs/define-job";
import { sendsJob } from "@/lib/jobs/sends";
import { deliverToUpstream } from "@/lib/messages/deliver-to-upstream";
import type { SendOutcome } from "@/lib/messages/send-outcome";
import { publishOutcome } from "@/lib/messages/send-outcome-channel";
import { countSend } from "@/lib/metrics/record";
import { readyRedis } from "@/lib/redis";

/**
 * A send without a throughput slot yet goes back to the delayed set under the same job id;
 * the request waiting on it hears the outcome, on its own channel, when it is finally sent
 * (or its wait runs out first and it answers 503).
 */
export const processSend = handle(
  sendsJob,
  async ({ organizationId, messageId, channelId, replyTo }, job, token) => {
    let outcome: SendOutcome;
    try {
      const result = await deliverToUpstream(organizationId, messageId, channelId);
      if (result.status === "deferred") {
        await job.moveToDelayed(Date.now() + result.retryInMs, token);
        throw new DelayedError();
      }
      outcome = result;
    } catch (error) {
      // our own bookkeeping failed: the message may have been sent, say so rather than nothing
      if (replyTo && !(error instanceof DelayedError)) await tell(replyTo, messageId, { status: "unknown" });
      throw error;
    }
    countSend(outcome);
    if (replyTo) await tell(replyTo, messageId, outcome);
    return outcome;
  },
);

async function tell(replyTo: string, messageId: string, outcome: SendOutcome): Promise<void> {
  const redis = await readyRedis().catch(() => null);
  if (redis) await publishOutcome(redis, replyTo, messageId, outcome);
}
