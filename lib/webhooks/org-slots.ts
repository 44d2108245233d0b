import "#server-only";
import type { Redis } from "ioredis";
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
 */
export const ORG_IN_FLIGHT_LIMIT = 10;
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

export function orgSlotsKey(organizationId: string): string {
  return `webhook-slots:{${organizationId}}`;
}

export async function acquireOrgSlot(
  organizationId: string,
  token: string,
  limit = ORG_IN_FLIGHT_LIMIT,
): Promise<boolean> {
  const now = Date.now();
  const client = withScript(await readyRedis());
  // EVALSHA: the script is sent and hashed once per connection, not on every attempt
  const got = await client.acquireOrgSlot(
    orgSlotsKey(organizationId),
    now,
    limit,
    now + SLOT_LEASE_MS,
    token,
    SLOT_LEASE_MS,
  );
  return got === 1;
}

export async function releaseOrgSlot(organizationId: string, token: string): Promise<void> {
  const client = await readyRedis();
  await client.zrem(orgSlotsKey(organizationId), token);
}
