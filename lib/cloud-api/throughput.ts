import type { Redis } from "ioredis";

/**
 * The per-channel upstream limiter, shared by every worker process: at most `limit` sends
 * in any 1,000 ms (a sliding log in Redis, KEYS[1]). A live send (this one) is also logged in
 * KEYS[2], so that broadcasts (lib/cloud-api/broadcast-throughput.ts) leave room for live
 * traffic. Answers 0 when a slot was taken, else the milliseconds to wait before trying again.
 */
const SCRIPT = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 1000)
if redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], 2000)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 1000)
  redis.call('ZADD', KEYS[2], now, ARGV[3])
  redis.call('PEXPIRE', KEYS[2], 2000)
  return 0
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + 1000 - now)
`;

type WithScript = Redis & {
  takeSendSlot(all: string, live: string, now: number, limit: number, member: string): Promise<number>;
};

function withScript(redis: Redis): WithScript {
  const r = redis as Redis & Partial<WithScript>;
  if (!r.takeSendSlot) r.defineCommand("takeSendSlot", { numberOfKeys: 2, lua: SCRIPT });
  return r as WithScript;
}

/** The limiter's keys of a channel; one hash tag, so they stay on one slot of a clustered Redis. */
export const throughputKeys = (channelId: string) => ({
  all: `tp:{${channelId}}`,
  live: `tpl:{${channelId}}`,
  slowdown: `tps:{${channelId}}`,
});

/**
 * Takes a send slot for the channel, waiting for one at most `maxWaitMs`. Answers 0 when a
 * slot was taken, else the milliseconds after which one may be free: the caller then gives
 * its turn back (a delayed job) instead of holding a worker slot. Throws when Redis is away.
 */
export async function acquireSendSlot(
  redis: Redis,
  channelId: string,
  perSecond: number,
  member: string,
  maxWaitMs = 1_000,
): Promise<number> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const keys = throughputKeys(channelId);
    const wait = await withScript(redis).takeSendSlot(keys.all, keys.live, Date.now(), perSecond, member);
    if (wait === 0) return 0;
    if (Date.now() + wait > deadline) return wait;
    await new Promise((r) => setTimeout(r, wait));
  }
}
