import "#server-only";
import { type JobsOptions, Queue } from "bullmq";
import { Redis } from "ioredis";
import type { z } from "zod";
import { config } from "@/lib/config";
import { groupCommit } from "@/lib/db-group-commit";
import { broadcastsJob } from "@/lib/jobs/broadcasts";
import { callsJob } from "@/lib/jobs/calls";
import { deliveriesJob } from "@/lib/jobs/deliveries";
import { maintenanceJob } from "@/lib/jobs/maintenance";
import { mediaJob } from "@/lib/jobs/media";
import { sendsJob } from "@/lib/jobs/sends";
import { templatesJob } from "@/lib/jobs/templates";
import { upstreamJob } from "@/lib/jobs/upstream";
import { failFastOptions } from "@/lib/redis";

/**
 * Every kind of job, each declared in its own file of lib/jobs/ (name, payload schema, options,
 * concurrency; lib/jobs/define-job.ts) and run by the handler of the same name in worker/. The
 * web app imports this to enqueue, the worker to process.
 */
export const QUEUES = {
  sends: sendsJob,
  upstream: upstreamJob,
  templates: templatesJob,
  media: mediaJob,
  deliveries: deliveriesJob,
  broadcasts: broadcastsJob,
  calls: callsJob,
  maintenance: maintenanceJob,
};

export type QueueKey = keyof typeof QUEUES;
export type Payload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]["payload"]>;

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
