import type { Redis } from "ioredis";
import { throughputKeys } from "@/lib/cloud-api/throughput";

/**
 * Slots for broadcast sends, from the same per-channel sliding log as live sends
 * (lib/cloud-api/throughput.ts), with two differences. A broadcast never fills the window:
 * it leaves as many slots free as live sends used in the last second, and at least
 * `reserve`, so a reply typed by an agent finds a slot at once (replies go first). And after
 * the upstream answered 130429, its share is cut (halved, at most once a second) and grows
 * back linearly over RECOVER_MS: the channel slows down instead of failing recipients.
 * Answers `[granted, waitMs]` (a wait when nothing was granted).
 */
const TAKE = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local want = tonumber(ARGV[3])
local reserve = tonumber(ARGV[4])
local recover = tonumber(ARGV[6])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 1000)
local count = redis.call('ZCARD', KEYS[1])
local live = redis.call('ZCARD', KEYS[2])
local factor = 1
local slow = redis.call('HMGET', KEYS[3], 'f', 't')
if slow[1] then factor = math.min(1, tonumber(slow[1]) + (now - tonumber(slow[2])) / recover) end
local cap = math.max(1, math.floor(limit * factor) - math.max(reserve, live))
if count >= cap then
  local nth = redis.call('ZRANGE', KEYS[1], count - cap, count - cap, 'WITHSCORES')
  local wait = 50
  if nth[2] then wait = math.max(1, tonumber(nth[2]) + 1000 - now) end
  return {0, wait}
end
local granted = math.min(want, cap - count)
local args = {}
for i = 1, granted do
  args[#args + 1] = now
  args[#args + 1] = ARGV[5] .. ':' .. i
end
redis.call('ZADD', KEYS[1], unpack(args))
redis.call('PEXPIRE', KEYS[1], 2000)
return {granted, 0}
`;

const SLOW_DOWN = `
local now = tonumber(ARGV[1])
local recover = tonumber(ARGV[2])
local slow = redis.call('HMGET', KEYS[1], 'f', 't', 'cut')
local factor = 1
if slow[1] then factor = math.min(1, tonumber(slow[1]) + (now - tonumber(slow[2])) / recover) end
if slow[3] and now - tonumber(slow[3]) < 1000 then return tostring(factor) end
factor = math.max(0.05, factor / 2)
redis.call('HSET', KEYS[1], 'f', tostring(factor), 't', now, 'cut', now)
redis.call('PEXPIRE', KEYS[1], recover * 2)
return tostring(factor)
`;

/** How long a halved share takes to grow back to the whole channel. */
export const RECOVER_MS = 20_000;

type WithScripts = Redis & {
  takeBroadcastSlots(...args: (string | number)[]): Promise<[number, number]>;
  slowBroadcasts(key: string, now: number, recover: number): Promise<string>;
};

function withScripts(redis: Redis): WithScripts {
  const r = redis as Redis & Partial<WithScripts>;
  if (!r.takeBroadcastSlots) r.defineCommand("takeBroadcastSlots", { numberOfKeys: 3, lua: TAKE });
  if (!r.slowBroadcasts) r.defineCommand("slowBroadcasts", { numberOfKeys: 1, lua: SLOW_DOWN });
  return r as WithScripts;
}

/** Live sends' share kept free at least: 2 % of the channel, one slot at the very least. */
export function liveReserve(perSecond: number): number {
  return Math.max(1, Math.ceil(perSecond * 0.02));
}

export async function takeBroadcastSlots(
  redis: Redis,
  channelId: string,
  perSecond: number,
  want: number,
  token: string,
): Promise<{ granted: number; waitMs: number }> {
  const k = throughputKeys(channelId);
  const [granted, waitMs] = await withScripts(redis).takeBroadcastSlots(
    k.all,
    k.live,
    k.slowdown,
    Date.now(),
    perSecond,
    want,
    liveReserve(perSecond),
    token,
    RECOVER_MS,
  );
  return { granted, waitMs };
}

/** The upstream said 130429: broadcasts on this channel slow down. Answers the new share (0–1). */
export async function slowBroadcasts(redis: Redis, channelId: string): Promise<number> {
  return Number(
    await withScripts(redis).slowBroadcasts(throughputKeys(channelId).slowdown, Date.now(), RECOVER_MS),
  );
}
