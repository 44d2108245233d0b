import { QueueEvents } from "bullmq";
import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { type SendOutcome, sendOutcomeSchema } from "@/lib/messages/send-outcome";
import { QUEUES, queue } from "@/lib/queues";
import { bullConnection } from "@/lib/redis";

const globalForEvents = globalThis as unknown as { sendEvents?: Promise<QueueEvents> };

/** One QueueEvents listener per process, shared by every waiting request. */
function sendEvents(): Promise<QueueEvents> {
  globalForEvents.sendEvents ??= (async () => {
    const events = new QueueEvents(QUEUES.sends.name, { connection: bullConnection() });
    await events.waitUntilReady();
    return events;
  })();
  return globalForEvents.sendEvents;
}

/**
 * Queues the upstream send of a stored Message and waits (SEND_TIMEOUT_MS) for the worker's
 * outcome; `null` when the wait ran out (the send still completes).
 */
export async function runSendJob(messageId: string): Promise<SendOutcome | null> {
  const events = await sendEvents();
  const sends = queue("sends");
  // every waiting request listens on the queue and its events: many at once is normal here
  sends.setMaxListeners(0);
  events.setMaxListeners(0);
  const job = await sends.add("sends", { messageId }, { jobId: messageId });
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
