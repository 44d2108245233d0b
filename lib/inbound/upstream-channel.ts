import "#server-only";
import { createHash } from "node:crypto";
import { config } from "@/lib/config";

/**
 * The PostgreSQL channel on which the web announces stored upstream notifications to the
 * workers (NOTIFY in the statement that stores them; lib/inbound/listen-upstream.ts listens).
 * It is named after the Redis that REDIS_URL reaches: the workers woken are those that share the
 * web's queues, as a queued job reached them before, so two installations (or a test's own
 * stack) on one database but with their own Redis do not take each other's notifications.
 */
export function upstreamChannel(): string {
  return wakeChannelOf(config().REDIS_URL);
}

/**
 * The channel of a REDIS_URL, from what names the server and database only (scheme, host, port,
 * database number): the name is written into every stored notification and the worker's log, so
 * it holds nothing derived from the user name or password (an unsalted hash of a password is a
 * password to anyone who guesses it offline). A rotated password keeps the channel.
 */
export function wakeChannelOf(redisUrl: string): string {
  const url = new URL(redisUrl);
  const database = Number.parseInt(url.pathname.slice(1), 10) || 0;
  const server = `${url.protocol}//${url.hostname.toLowerCase()}:${url.port || "6379"}/${database}`;
  const scope = createHash("sha256").update(server).digest("hex").slice(0, 16);
  return `upstream_${scope}`;
}
