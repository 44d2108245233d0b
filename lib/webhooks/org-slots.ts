import "#server-only";
import type { Redis } from "ioredis";
import { config } from "@/lib/config";
import { readyRedis } from "@/lib/redis";

/**
 * Fairness between organizations. Every worker process runs many deliveries at once (high
 * concurrency, each attempt capped at 10 s), and on top of that an organization may hold at
 * most ORG_IN_FLIGHT_LIMIT attempts in flight across all worker processes. A slow or dead
 * endpoint therefore occupies at most that many slots however large its backlog; its other
 * jobs are put back for a moment (deliver.ts "postponed") and every other organization's
 * deliveries keep flowing through the remaining slots.
 *
 * The slots are a Redis sorted set per organization: member = attempt token, score = lease
 * end, so a worker that dies holding a slot gives it back when the lease ends.
 *
 * Broadcasts share their drivers the same way, in a pool of their own: an organization runs at
 * most BROADCAST_ORG_SHARE broadcast drivers at once across all workers
 * (lib/broadcasts/run-broadcast.ts), however many broadcasts it queued.
 */
export const ORG_IN_FLIGHT_LIMIT = 10;

/** Which share: webhook delivery attempts, or broadcast drivers. */
export type OrgSlotPool = "webhooks" | "broadcasts";

/** How many slots of a pool one organization may hold at once. */
export function orgSlotLimit(pool: OrgSlotPool): number {
  return pool === "broadcasts" ? config().BROADCAST_ORG_SHARE : ORG_IN_FLIGHT_LIMIT;
}
const SLOT_LEASE_MS = 60_000;

const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
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

export async function acquireOrgSlot(
  organizationId: string,
  token: string,
  pool: OrgSlotPool = "webhooks",
): Promise<boolean> {
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
  return got === 1;
}

export async function releaseOrgSlot(
  organizationId: string,
  token: string,
  pool: OrgSlotPool = "webhooks",
): Promise<void> {
  const client = await readyRedis();
  await client.zrem(orgSlotsKey(organizationId, pool), token);
}
