import "#server-only";
import { type Job, QueueEvents } from "bullmq";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { type SendOutcome, sendOutcomeSchema } from "@/lib/messages/send-outcome";
import { ENQUEUE_TIMEOUT_MS, QUEUES, queue, withinDeadline } from "@/lib/queues";
import { bullConnection } from "@/lib/redis";

const globalForEvents = globalThis as unknown as { sendEvents?: Promise<QueueEvents> };

/** One QueueEvents listener per process, shared by every waiting request. */
function sendEvents(): Promise<QueueEvents> {
  globalForEvents.sendEvents ??= (async () => {
    const events = new QueueEvents(QUEUES.sends.name, { connection: bullConnection() });
    events.on("error", () => {
      // reconnects by itself; a send meanwhile is answered from its own failing add
    });
    await events.waitUntilReady();
    return events;
  })();
  return globalForEvents.sendEvents;
}

/** The send job could not be queued (Redis away): nothing was sent, nothing will be. */
export class SendNotQueuedError extends Error {}

/**
 * Queues the upstream send of a stored Message and waits (SEND_TIMEOUT_MS) for the worker's
 * outcome; `null` when the wait ran out (the send still completes). Throws SendNotQueuedError
 * within about a second when Redis is away, instead of waiting for it to return.
 */
export async function runSendJob(messageId: string): Promise<SendOutcome | null> {
  let events: QueueEvents;
  let job: Job;
  try {
    events = await withinDeadline(sendEvents(), ENQUEUE_TIMEOUT_MS);
    const sends = queue("sends");
    // every waiting request listens on the queue and its events: many at once is normal here
    sends.setMaxListeners(0);
    events.setMaxListeners(0);
    const data = QUEUES.sends.payload.parse({ messageId });
    job = await withinDeadline(sends.add("sends", data, { jobId: messageId }), ENQUEUE_TIMEOUT_MS);
  } catch (error) {
    logger.warn({ messageId, err: String(error) }, "send not queued");
    throw new SendNotQueuedError("the send queue is unavailable", { cause: error });
  }
  try {
    const result: unknown = await job.waitUntilFinished(events, config().SEND_TIMEOUT_MS);
    return sendOutcomeSchema.parse(result);
  } catch (error) {
    // a timeout, or a job that failed in our own bookkeeping: the message may still be sent
    // (the sweeper queues it again, status notifications settle it), so the caller answers 503
    // with the message id rather than an error that invites a second send
    logger.warn(
      { messageId, err: error instanceof Error ? error.message : String(error) },
      "send outcome unknown",
    );
    return null;
  }
}
