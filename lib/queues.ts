import { type JobsOptions, Queue } from "bullmq";
import { z } from "zod";
import { bullConnection } from "@/lib/redis";

/**
 * Every queue, its payload schema and its job options, declared once and imported by the
 * web app (to enqueue) and the worker (to process). Names carry a hash tag so that each
 * queue's keys stay on one slot of a clustered Redis.
 */
export const QUEUES = {
  sends: {
    name: "{sends}",
    payload: z.object({ messageId: z.uuid() }),
    options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  },
  upstream: {
    name: "{upstream}",
    payload: z.object({ notificationId: z.uuid() }),
    options: {
      attempts: 5,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: { age: 3600, count: 10_000 },
      removeOnFail: { age: 7 * 86_400 },
    },
  },
  templates: {
    name: "{templates}",
    payload: z.object({ channelId: z.uuid() }),
    options: {
      attempts: 3,
      backoff: { type: "exponential", delay: 5000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 86_400 },
    },
  },
  media: {
    name: "{media}",
    payload: z.object({ mediaId: z.uuid() }),
    options: {
      attempts: 8,
      backoff: { type: "exponential", delay: 2000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 7 * 86_400 },
    },
  },
  deliveries: {
    name: "{deliveries}",
    payload: z.object({ deliveryId: z.string().startsWith("wh_") }),
    // retries are scheduled by us (DeliveryAttempt rows and nextAttemptAt), not by BullMQ
    options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  },
  maintenance: {
    name: "{maintenance}",
    payload: z.object({
      task: z.enum([
        "flush-key-usage",
        "sweep-deliveries",
        "sweep-sends",
        "sweep-upstream",
        "sync-all-templates",
        "prune",
      ]),
    }),
    options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  },
} satisfies Record<string, { name: string; payload: z.ZodType; options: JobsOptions }>;

export type QueueKey = keyof typeof QUEUES;
export type Payload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]["payload"]>;

const globalForQueues = globalThis as unknown as { queues?: Map<QueueKey, Queue> };

export function queue(key: QueueKey): Queue {
  globalForQueues.queues ??= new Map();
  let q = globalForQueues.queues.get(key);
  if (!q) {
    q = new Queue(QUEUES[key].name, { connection: bullConnection(), defaultJobOptions: QUEUES[key].options });
    globalForQueues.queues.set(key, q);
  }
  return q;
}

/** Adds a job whose payload is checked against the queue's schema; `jobId` de-duplicates live jobs. */
export async function enqueue<K extends QueueKey>(
  key: K,
  payload: Payload<K>,
  options: JobsOptions & { jobId?: string } = {},
): Promise<void> {
  const data = QUEUES[key].payload.parse(payload);
  await queue(key).add(key, data, options);
}

export async function closeQueues(): Promise<void> {
  const queues = globalForQueues.queues;
  if (!queues) return;
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
}
