import { QueueEvents } from "bullmq";
import { config } from "@/lib/config";
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
  const job = await queue("sends").add("sends", { messageId }, { jobId: messageId });
  try {
    const result: unknown = await job.waitUntilFinished(events, config().SEND_TIMEOUT_MS);
    return sendOutcomeSchema.parse(result);
  } catch (error) {
    if (error instanceof Error && /timed out|Job wait .* timed out/i.test(error.message)) return null;
    throw error;
  }
}
