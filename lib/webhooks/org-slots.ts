import "#server-only";
import type { Redis } from "ioredis";
import { config } from "@/lib/config";
import { readyRedis } from "@/lib/redis";

/**
 * Fairness between organizations. Every worker process runs many deliveries at once (high
 * concurrency, each attempt capped at 10 s), and on top of that an organization may hold at
 * most DELIVERY_ORG_SHARE requests to its endpoints in flight across all worker processes
 * (10 by default). A slow or dead endpoint therefore occupies at most that many slots however
 * large its backlog; its other jobs are put back for a moment (deliver.ts "postponed") and every
 * other organization's deliveries keep flowing through the remaining slots.
 *
 * The slots are a Redis sorted set per organization: member = attempt token, score = lease
 * end, so a worker that dies holding a slot gives it back when the lease ends. A full share
 * answers how long its oldest slot has been held, so that a share full of fast requests (one
 * organization's many events to an endpoint that answers at once) is tried again in a moment,
 * and one held by a slow endpoint much later (deliver.ts).
 *
 * Broadcasts share their drivers the same way, in a pool of their own: an organization runs at
 * most BROADCAST_ORG_SHARE broadcast drivers at once across all workers
 * (lib/broadcasts/run-broadcast.ts), however many broadcasts it queued.
 */
/** Which share: webhook delivery attempts, or broadcast drivers. */
export type OrgSlotPool = "webhooks" | "broadcasts";

/** How many slots of a pool one organization may hold at once. */
export function orgSlotLimit(pool: OrgSlotPool): number {
  return pool === "broadcasts" ? config().BROADCAST_ORG_SHARE : config().DELIVERY_ORG_SHARE;
}
const SLOT_LEASE_MS = 60_000;

/** 1 when a slot was taken; when the share is full, the oldest slot's lease end (ms, always > 1) */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return tonumber(oldest[2])
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

type WithScript = Redis & {
  acquireOrgSlot(
    key: string,
    now: number,
    limit: number,
    until: number,
    token: string,
    leaseMs: number,
  ): Promise<number>;
};

function withScript(redis: Redis): WithScript {
  const r = redis as Redis & Partial<WithScript>;
  if (!r.acquireOrgSlot) r.defineCommand("acquireOrgSlot", { numberOfKeys: 1, lua: ACQUIRE });
  return r as WithScript;
}

export function orgSlotsKey(organizationId: string, pool: OrgSlotPool = "webhooks"): string {
  return `${pool === "broadcasts" ? "broadcast" : "webhook"}-slots:{${organizationId}}`;
}

/** A slot taken, or the share full and for how long its oldest slot has been held. */
export type OrgSlotTry = { acquired: true } | { acquired: false; oldestHeldMs: number };

export async function tryOrgSlot(
  organizationId: string,
  token: string,
  pool: OrgSlotPool = "webhooks",
): Promise<OrgSlotTry> {
  const now = Date.now();
  const client = withScript(await readyRedis());
  // EVALSHA: the script is sent and hashed once per connection, not on every attempt
  const got = await client.acquireOrgSlot(
    orgSlotsKey(organizationId, pool),
    now,
    orgSlotLimit(pool),
    now + SLOT_LEASE_MS,
    token,
    SLOT_LEASE_MS,
  );
  if (got === 1) return { acquired: true };
  return { acquired: false, oldestHeldMs: Math.max(0, now - (got - SLOT_LEASE_MS)) };
}

export async function acquireOrgSlot(
  organizationId: string,
  token: string,
  pool: OrgSlotPool = "webhooks",
): Promise<boolean> {
  return (await tryOrgSlot(organizationId, token, pool)).acquired;
}

export async function releaseOrgSlot(
  organizationId: string,
  token: string,
  pool: OrgSlotPool = "webhooks",
): Promise<void> {
  const client = await readyRedis();
  await client.zrem(orgSlotsKey(organizationId, pool), token);
}
