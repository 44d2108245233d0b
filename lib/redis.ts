import "#server-only";
import { Redis, type RedisOptions } from "ioredis";
import { config } from "@/lib/config";

const globalForRedis = globalThis as unknown as { redis?: Redis };

/**
 * Options for request-path clients: commands fail at once while Redis is down
 * (the API answers 503) and the client reconnects by itself when it returns.
 */
export const failFastOptions: RedisOptions = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  connectTimeout: 2_000,
  retryStrategy: (times) => Math.min(times * 100, 1_000),
};

/** BullMQ requires maxRetriesPerRequest null on the connections it blocks on. */
export function bullConnection(): Redis {
  const client = new Redis(config().REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: false });
  client.on("error", () => {
    // BullMQ reports through its own `error` events; without a listener ioredis prints each one
  });
  return client;
}

/**
 * The request-path client, once connected. The first requests of a process wait for the
 * initial connection (up to 2 s); later, while Redis is away, commands fail at once.
 */
export async function readyRedis(): Promise<Redis> {
  const client = redis();
  if (client.status === "ready") return client;
  if (client.status === "wait" || client.status === "connecting" || client.status === "connect") {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        client.off("ready", onReady);
        reject(new Error("Connection is closed: Redis did not become ready in time"));
      }, 2_000);
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      client.once("ready", onReady);
    });
  }
  return client;
}

export function redis(): Redis {
  if (!globalForRedis.redis) {
    const client = new Redis(config().REDIS_URL, failFastOptions);
    client.on("error", () => {
      // reported through failing commands; keep the process alive while Redis is away
    });
    globalForRedis.redis = client;
  }
  return globalForRedis.redis;
}
