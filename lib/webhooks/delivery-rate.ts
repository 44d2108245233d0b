import "#server-only";
import type { Redis } from "ioredis";
import { readyRedis } from "@/lib/redis";

/**
 * A webhook's delivery rate limit (`rate_limit`, deliveries per second), so a receiver coming
 * back from an outage is never flooded by its backlog. Each attempt reserves the next free slot
 * of its webhook, slots `1000 / rate_limit` ms apart (a virtual schedule, as GCRA keeps one):
 * the key holds when the next slot is free. An attempt whose slot is later waits for it (the
 * job is delayed until then, holding that slot), so a backlog of N deliveries is spread over
 * N / rate_limit seconds with one reservation each, never re-checked in a loop.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local interval = tonumber(ARGV[2])
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
local slot = math.max(free, now)
redis.call('SET', KEYS[1], slot + interval, 'PX', math.ceil(slot + interval - now) + 1000)
return slot`;

type WithScript = Redis & {
  reserveDeliverySlot(key: string, now: number, intervalMs: number): Promise<number>;
};

function withScript(redis: Redis): WithScript {
  const r = redis as Redis & Partial<WithScript>;
  if (!r.reserveDeliverySlot) r.defineCommand("reserveDeliverySlot", { numberOfKeys: 1, lua: RESERVE });
  return r as WithScript;
}

export function deliveryRateKey(webhookId: string): string {
  return `webhook-rate:{${webhookId}}`;
}

/** The time (ms) of the slot reserved for one attempt to this webhook: now, or later when busy. */
export async function reserveDeliverySlot(
  webhookId: string,
  perSecond: number,
  now = Date.now(),
): Promise<number> {
  const client = withScript(await readyRedis());
  return Number(await client.reserveDeliverySlot(deliveryRateKey(webhookId), now, 1000 / perSecond));
}
