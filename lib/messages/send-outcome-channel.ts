import "#server-only";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Redis } from "ioredis";
import { logger } from "@/lib/logger";
import { type SendOutcome, sendOutcomeSchema } from "@/lib/messages/send-outcome";
import { bullConnection } from "@/lib/redis";

/**
 * How a send's outcome reaches the request that waits for it: each web process subscribes to
 * a Redis channel of its own, names it in the send job (`replyTo`), and the worker publishes
 * the outcome there. A process reads only the outcomes of its own sends, however many web
 * processes run: O(1) per send, where a QueueEvents listener read every send job's events.
 * A published outcome nobody hears (the process restarted, the subscription was reconnecting)
 * is harmless: the request's wait runs out, it answers 503 with the message id, and the send
 * completes as ever (message.sent / message.failed).
 */
type Waiter = (outcome: SendOutcome) => void;

type OutcomeChannel = { name: string; ready: Promise<void>; waiters: Map<string, Waiter>; client: Redis };

const globalForOutcomes = globalThis as unknown as { sendOutcomes?: OutcomeChannel };

const PREFIX = "{sends}:outcome:";

function outcomeChannel(): OutcomeChannel {
  if (globalForOutcomes.sendOutcomes) return globalForOutcomes.sendOutcomes;
  const name = `${PREFIX}${hostname()}:${process.pid}:${randomUUID()}`;
  const client = bullConnection(); // reconnects (and resubscribes) by itself
  const waiters = new Map<string, Waiter>();
  client.on("message", (_channel: string, text: string) => {
    let parsed: { messageId?: unknown; outcome?: unknown };
    try {
      parsed = JSON.parse(text);
    } catch {
      return;
    }
    const waiter = typeof parsed.messageId === "string" ? waiters.get(parsed.messageId) : undefined;
    const outcome = sendOutcomeSchema.safeParse(parsed.outcome);
    if (waiter && outcome.success) waiter(outcome.data);
  });
  const ready = client.subscribe(name).then(() => undefined);
  ready.catch(() => {
    // retried by the next send (a new channel object), answered 503 meanwhile
    if (globalForOutcomes.sendOutcomes?.client === client) globalForOutcomes.sendOutcomes = undefined;
    client.disconnect();
  });
  globalForOutcomes.sendOutcomes = { name, ready, waiters, client };
  return globalForOutcomes.sendOutcomes;
}

/** The channel this process hears outcomes on, once subscribed. */
export async function listenForOutcomes(): Promise<string> {
  const channel = outcomeChannel();
  await channel.ready;
  return channel.name;
}

/**
 * Waits up to `ms` for the outcome of `messageId` (null when it does not come). Register the
 * wait before the job is queued: an outcome published before anyone waits is lost.
 */
export function waitForOutcome(
  messageId: string,
  ms: number,
): { outcome: Promise<SendOutcome | null>; cancel(): void } {
  const { waiters } = outcomeChannel();
  let timer: NodeJS.Timeout | undefined;
  const outcome = new Promise<SendOutcome | null>((resolve) => {
    timer = setTimeout(() => {
      waiters.delete(messageId);
      resolve(null);
    }, ms);
    waiters.set(messageId, (result) => {
      clearTimeout(timer);
      waiters.delete(messageId);
      resolve(result);
    });
  });
  return {
    outcome,
    cancel() {
      clearTimeout(timer);
      waiters.delete(messageId);
    },
  };
}

/** The worker's side: the outcome to the requesting process's channel (best effort). */
export async function publishOutcome(
  redis: Redis,
  replyTo: string,
  messageId: string,
  outcome: SendOutcome,
): Promise<void> {
  if (!replyTo.startsWith(PREFIX)) return;
  try {
    await redis.publish(replyTo, JSON.stringify({ messageId, outcome }));
  } catch (err) {
    logger.warn({ messageId, err: String(err) }, "send outcome not published; the request's wait runs out");
  }
}

export async function closeOutcomeChannel(): Promise<void> {
  const channel = globalForOutcomes.sendOutcomes;
  globalForOutcomes.sendOutcomes = undefined;
  channel?.client.disconnect();
}
