import "#server-only";
import { randomUUID } from "node:crypto";
import { readyRedis, type redis } from "@/lib/redis";

/**
 * One atomic script per request. The minute limit is an exact sliding window (a sorted set
 * of request times), so no burst of twice the limit passes at a minute's edge; the day limit
 * is a sliding 24-hour window of hourly buckets. Denied requests are not counted. The key's
 * last use is kept in the same hash so that lastUsedAt costs no database write per request.
 */
const SCRIPT = `
local now = tonumber(ARGV[1])
local perMin = tonumber(ARGV[2])
local perDay = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - 60000)
local minCount = redis.call('ZCARD', KEYS[1])
local hour = math.floor(now / 3600000)
local fields = redis.call('HGETALL', KEYS[2])
local dayCount = 0
local oldestHour = hour
for i = 1, #fields, 2 do
  local name = fields[i]
  if name ~= 'u' then
    local h = tonumber(name)
    if h <= hour - 24 then
      redis.call('HDEL', KEYS[2], name)
    else
      dayCount = dayCount + tonumber(fields[i + 1])
      if h < oldestHour then oldestHour = h end
    end
  end
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
local allowed = 1
local retryMs = 0
if minCount >= perMin then
  allowed = 0
  retryMs = tonumber(oldest[2]) + 60000 - now
elseif dayCount >= perDay then
  allowed = 0
  retryMs = (oldestHour + 24) * 3600000 - now
end
if allowed == 1 then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], 61000)
  redis.call('HINCRBY', KEYS[2], hour, 1)
  redis.call('HSET', KEYS[2], 'u', now)
  redis.call('PEXPIRE', KEYS[2], 90000000)
  minCount = minCount + 1
  dayCount = dayCount + 1
  if #oldest == 0 then oldest = { ARGV[4], now } end
end
local resetMs = now + 60000
if #oldest > 0 then resetMs = tonumber(oldest[2]) + 60000 end
local remaining = math.min(perMin - minCount, perDay - dayCount)
if remaining < 0 then remaining = 0 end
return { allowed, remaining, resetMs, retryMs }
`;

/** Fixed one-minute window of failed authentications per client address. */
const AUTH_FAILURE_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], 60000) end
return { count, redis.call('PTTL', KEYS[1]) }
`;

export type RateLimitResult = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Unix seconds when the current minute window ends */
  reset: number;
  retryAfterSeconds: number;
};

type Defined = {
  rateLimit(
    k1: string,
    k2: string,
    now: number,
    perMin: number,
    perDay: number,
    member: string,
  ): Promise<number[]>;
  authFailure(k1: string): Promise<number[]>;
};

async function client(): Promise<ReturnType<typeof redis> & Defined> {
  const r = (await readyRedis()) as ReturnType<typeof redis> & Partial<Defined>;
  if (!r.rateLimit) {
    r.defineCommand("rateLimit", { numberOfKeys: 2, lua: SCRIPT });
    r.defineCommand("authFailure", { numberOfKeys: 1, lua: AUTH_FAILURE_SCRIPT });
  }
  return r as ReturnType<typeof redis> & Defined;
}

/** The two keys of one counted subject: an API key's id, or a dashboard bucket (lib/api/staff-limit.ts). */
export function rateLimitKeys(subject: string) {
  // hash tag: both keys live on one slot of a clustered Redis
  return { minute: `rl:{${subject}}:m`, day: `rl:{${subject}}:d` };
}

export async function consumeRateLimit(
  subject: string,
  perMinute: number,
  perDay: number,
  now = Date.now(),
): Promise<RateLimitResult> {
  const keys = rateLimitKeys(subject);
  const [allowed = 0, remaining = 0, resetMs = now, retryMs = 0] = await (await client()).rateLimit(
    keys.minute,
    keys.day,
    now,
    perMinute,
    perDay,
    // a member of our own making per request: a client-chosen request id must not collapse entries
    randomUUID(),
  );
  return {
    allowed: allowed === 1,
    limit: perMinute,
    remaining,
    reset: Math.ceil(resetMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil(retryMs / 1000)),
  };
}

export async function recordAuthFailure(clientAddress: string, limit: number): Promise<RateLimitResult> {
  const [count = 1, ttl = 60_000] = await (await client()).authFailure(`af:{${clientAddress}}`);
  const resetMs = Date.now() + Math.max(ttl, 0);
  return {
    allowed: count <= limit,
    limit,
    remaining: Math.max(limit - count, 0),
    reset: Math.ceil(resetMs / 1000),
    retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)),
  };
}

export function rateLimitHeaders(r: RateLimitResult): Record<string, string> {
  return {
    "X-RateLimit-Limit": String(r.limit),
    "X-RateLimit-Remaining": String(r.remaining),
    "X-RateLimit-Reset": String(r.reset),
  };
}
