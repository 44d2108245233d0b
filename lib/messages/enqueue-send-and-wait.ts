import "#server-only";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import type { SendOutcome } from "@/lib/messages/send-outcome";
import { listenForOutcomes, waitForOutcome } from "@/lib/messages/send-outcome-channel";
import { enqueue, enqueueTimeoutMs, withinDeadline } from "@/lib/queues";

/** The send job could not be queued (Redis away): nothing was sent, nothing will be. */
export class SendNotQueuedError extends Error {}

/**
 * Queues the upstream send of a stored Message without waiting for its outcome (the caller's
 * `Prefer: respond-async`): no outcome channel is named, so the worker publishes nothing.
 * Throws SendNotQueuedError within about a second when Redis is away.
 */
export async function enqueueSend(
  organizationId: string,
  messageId: string,
  channelId: string,
): Promise<void> {
  try {
    await enqueue("sends", { organizationId, messageId, channelId }, { jobId: messageId });
  } catch (error) {
    logger.warn({ messageId, err: String(error) }, "send not queued");
    throw new SendNotQueuedError("the send queue is unavailable", { cause: error });
  }
}

/**
 * Queues the upstream send of a stored Message and waits (SEND_TIMEOUT_MS) for the worker's
 * outcome, published to this process's own channel (lib/messages/send-outcome-channel.ts);
 * `null` when the wait ran out (the send still completes). Throws SendNotQueuedError within
 * about a second when Redis is away, instead of waiting for it to return.
 */
export async function enqueueSendAndWait(
  organizationId: string,
  messageId: string,
  channelId: string,
): Promise<SendOutcome | null> {
  let wait: ReturnType<typeof waitForOutcome>;
  try {
    const replyTo = await withinDeadline(listenForOutcomes(), enqueueTimeoutMs());
    wait = waitForOutcome(messageId, config().SEND_TIMEOUT_MS);
    await enqueue("sends", { organizationId, messageId, channelId, replyTo }, { jobId: messageId }).catch(
      (error: unknown) => {
        wait.cancel();
        throw error;
      },
    );
  } catch (error) {
    logger.warn({ messageId, err: String(error) }, "send not queued");
    throw new SendNotQueuedError("the send queue is unavailable", { cause: error });
  }
  const outcome = await wait.outcome;
  if (outcome === null) {
    // the wait ran out: the message may still be sent (the sweeper queues it again, status
    // notifications settle it), so the caller answers 503 with the message id rather than an
    // error that invites a second send
    logger.warn({ messageId }, "send outcome unknown");
  }
  return outcome;
}
