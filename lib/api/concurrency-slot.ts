import "#server-only";
import { randomUUID } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { readyRedis } from "@/lib/redis";

/**
 * One sorted set per bound: a member per holder, scored with the time its lease ends (Redis's
 * clock, so that web processes with skewed clocks agree). Expired leases are dropped first, so a
 * process that died holding a slot frees it when its lease ends.
 */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return { 0, tonumber(first[2]) - now }
end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return { 1, 0 }
`;

/**
 * Runs `work` while holding one of `max` slots of `key` (across every web process), else answers
 * 429 RATE_LIMIT_EXCEEDED with `message` and a Retry-After (a few seconds: slots free as work
 * ends, not on a clock). `leaseMs` must outlast `work` (its transaction timeout and more).
 */
export async function withConcurrencySlot<T>(
  slot: { key: string; max: number; leaseMs: number; message: string },
  work: () => Promise<T>,
): Promise<T> {
  const client = await readyRedis();
  const holder = randomUUID();
  const [acquired] = (await client.eval(ACQUIRE, 1, slot.key, slot.max, slot.leaseMs, holder)) as [
    number,
    number,
  ];
  if (acquired !== 1) {
    throw new ApiError("RATE_LIMIT_EXCEEDED", slot.message, undefined, { "Retry-After": "5" });
  }
  try {
    return await work();
  } finally {
    await client.zrem(slot.key, holder).catch(() => {
      // Redis away: the lease ends by itself
    });
  }
}
