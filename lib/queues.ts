import "#server-only";
import { type JobsOptions, Queue } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { config } from "@/lib/config";
import { groupCommit } from "@/lib/db-group-commit";
import { failFastOptions } from "@/lib/redis";

/**
 * Every queue, its payload schema and its job options, declared once and imported by the
 * web app (to enqueue) and the worker (to process). Names carry a hash tag so that each
 * queue's keys stay on one slot of a clustered Redis.
 */
export const QUEUES = {
  sends: {
    name: "{sends}",
    payload: z.object({
      messageId: z.uuid(),
      /** the channel the send goes through (absent on jobs the sweeper queues again) */
      channelId: z.uuid().optional(),
      /** the requesting process's outcome channel (lib/messages/send-outcome-channel.ts) */
      replyTo: z.string().max(300).optional(),
    }),
    options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  },
  // inbound: the notifications the upstream sent us, one job each (lib/inbound/, worker/inbound.ts);
  // "{upstream}" is a Redis name: renaming it would orphan the jobs queued before a deploy
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
    payload: z.object({
      deliveryId: z.string().startsWith("wh_"),
      /** the webhook's delivery slot this job already holds (lib/webhooks/delivery-rate.ts) */
      slotAt: z.number().optional(),
    }),
    // retries are scheduled by us (DeliveryAttempt rows and nextAttemptAt), not by BullMQ
    options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  },
  broadcasts: {
    name: "{broadcasts}",
    // one job per broadcast (job id = broadcast id): it sends batches at the channel's pace and
    // gives its turn back (delayed) while it waits; the state is in PostgreSQL, so a lost or
    // failed job is simply queued again by the sweeper (lib/broadcasts/sweep-broadcasts.ts)
    payload: z.object({ broadcastId: z.uuid() }),
    options: {
      attempts: 10,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: true,
      removeOnFail: true,
    },
  },
  // a customer's call that rings unanswered past its channel's ring time (lib/calls/ring-timeout.ts):
  // one delayed job per call, job id `ring-<call id>`; the sweeper re-finds those lost with Redis
  calls: {
    name: "{calls}",
    payload: z.object({ callId: z.uuid() }),
    options: {
      attempts: 3,
      backoff: { type: "exponential", delay: 1000 },
      removeOnComplete: { age: 3600, count: 1000 },
      removeOnFail: { age: 86_400 },
    },
  },
  maintenance: {
    name: "{maintenance}",
    payload: z.object({
      task: z.enum([
        "flush-key-usage",
        "sweep-deliveries",
        "sweep-sends",
        "sweep-upstream",
        "sweep-broadcasts",
        "sync-all-templates",
        "prune",
        "compact-usage",
        "sweep-ringing-calls",
      ]),
    }),
    options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
  },
} satisfies Record<string, { name: string; payload: z.ZodType; options: JobsOptions }>;

export type QueueKey = keyof typeof QUEUES;
export type Payload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]["payload"]>;

/**
 * How often each maintenance task runs, in ms: the worker keeps one BullMQ job scheduler per
 * task (every task of the maintenance queue has one).
 */
export const MAINTENANCE_SCHEDULES = {
  "flush-key-usage": 30_000,
  prune: 3_600_000,
  "sweep-sends": 60_000,
  "sweep-upstream": 60_000,
  "sweep-deliveries": 30_000,
  // scheduled broadcasts start on time even when their delayed job was lost with Redis
  "sweep-broadcasts": 5_000,
  "sync-all-templates": 900_000,
  "compact-usage": 3_600_000,
  // customers' calls past their ring time whose delayed job was lost with Redis
  "sweep-ringing-calls": 15_000,
} satisfies Record<Payload<"maintenance">["task"], number>;

/**
 * How long an enqueue may wait for Redis (ENQUEUE_TIMEOUT_MS, 1 s; read at each call, so a test
 * process that plays the web app can set the product's own value). Every caller can fall back: the
 * sweepers re-enqueue from PostgreSQL (notifications, deliveries, sends), so a request never waits
 * out an outage. A process's first enqueue also waits for its first connection: on a machine at a
 * load of 19 that took over a second (the tests' own process sets more).
 */
export function enqueueTimeoutMs(): number {
  return positiveMs(process.env.ENQUEUE_TIMEOUT_MS, 1_000);
}

function positiveMs(raw: string | undefined, fallback: number): number {
  const value = Number(raw);
  return raw && Number.isInteger(value) && value > 0 ? value : fallback;
}

const globalForQueues = globalThis as unknown as { queues?: Map<QueueKey, Queue>; producers?: Redis[] };

/**
 * Producers only (Workers and QueueEvents have their own blocking connections): commands fail
 * at once while Redis is away instead of waiting in ioredis's offline queue until it returns.
 */
function producerConnection(): Redis {
  const client = new Redis(config().REDIS_URL, failFastOptions);
  client.on("error", () => {
    // reported through failing commands; reconnects by itself
  });
  return client;
}

export function queue(key: QueueKey): Queue {
  globalForQueues.queues ??= new Map();
  let q = globalForQueues.queues.get(key);
  if (!q) {
    const connection = producerConnection();
    globalForQueues.producers ??= [];
    globalForQueues.producers.push(connection);
    q = new Queue(QUEUES[key].name, {
      connection,
      defaultJobOptions: QUEUES[key].options,
    });
    q.on("error", () => {
      // a Queue re-emits its connection's errors; the failing add reports them
    });
    globalForQueues.queues.set(key, q);
  }
  return q;
}

type Add = { name: QueueKey; data: unknown; opts: JobsOptions };
const globalForAdds = globalThis as unknown as { adds?: Map<QueueKey, (add: Add) => Promise<unknown>> };

/** The adds of one queue that arrive together leave as one addBulk (one round trip). */
function addTogether(key: QueueKey): (add: Add) => Promise<unknown> {
  globalForAdds.adds ??= new Map();
  let add = globalForAdds.adds.get(key);
  if (!add) {
    add = groupCommit<Add, unknown>((adds) => queue(key).addBulk(adds));
    globalForAdds.adds.set(key, add);
  }
  return add;
}

/**
 * Adds a job whose payload is checked against the queue's schema; `jobId` de-duplicates live jobs.
 * Fails within enqueueTimeoutMs() while Redis is away (also while a fresh process still waits
 * for its first connection), with an error that the API answers as 503. Concurrent adds to a
 * queue go to Redis together (lib/db-group-commit.ts; a failed group is retried add by add).
 */
export async function enqueue<K extends QueueKey>(
  key: K,
  payload: Payload<K>,
  options: JobsOptions & { jobId?: string } = {},
): Promise<void> {
  const data = QUEUES[key].payload.parse(payload);
  await withinDeadline(addTogether(key)({ name: key, data, opts: options }), enqueueTimeoutMs());
}

/** `work`, or a "Connection is closed" error (lib/api/unavailable.ts) once `ms` have passed. */
export async function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  work.catch(() => undefined); // a late failure after the deadline is nobody's to handle
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Connection is closed: Redis did not answer within ${ms} ms`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

export async function closeQueues(): Promise<void> {
  const queues = globalForQueues.queues;
  if (!queues) return;
  await Promise.all([...queues.values()].map((q) => q.close()));
  queues.clear();
  // a connection handed to BullMQ stays ours to close
  for (const client of globalForQueues.producers?.splice(0) ?? []) client.disconnect();
}
