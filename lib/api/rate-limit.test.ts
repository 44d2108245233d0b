import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { consumeRateLimit, rateLimitKeys, recordAuthFailure } from "@/lib/api/rate-limit";
import { redis } from "@/lib/redis";

/**
 * The sliding window against the real Redis of the tests (db 15), with the clock passed in:
 * at a minute's edge a fixed window would let 2N through; ours must not.
 */

const DAY = 1_000_000;

/** A minute boundary a little in the past, so the window straddles a real edge. */
function minuteEdge(): number {
  return Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
}

async function burst(keyId: string, n: number, perMinute: number, now: number, perDay = DAY) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await consumeRateLimit(keyId, perMinute, perDay, now));
  return results;
}

afterAll(async () => {
  await redis().quit();
});

describe("consumeRateLimit: sliding minute window", () => {
  it("N at t0+59 s, then nothing more at t0+61 s: no 2N burst across the minute's edge", async () => {
    const keyId = randomUUID();
    const t0 = minuteEdge();
    const n = 5;
    const first = await burst(keyId, n, n, t0 + 59_000);
    expect(first.map((r) => r.allowed)).toEqual(Array(n).fill(true));
    expect(first.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0]);
    expect((await consumeRateLimit(keyId, n, DAY, t0 + 59_500)).allowed).toBe(false);

    const afterEdge = await consumeRateLimit(keyId, n, DAY, t0 + 61_000);
    expect(afterEdge.allowed).toBe(false);
    expect(afterEdge.remaining).toBe(0);
    expect(afterEdge.retryAfterSeconds).toBe(58);
    expect(afterEdge.reset).toBe((t0 + 119_000) / 1000);

    expect((await consumeRateLimit(keyId, n, DAY, t0 + 118_999)).allowed).toBe(false);
    // the N slots free exactly one minute after they were taken
    const freed = await burst(keyId, n + 1, n, t0 + 119_000);
    expect(freed.map((r) => r.allowed)).toEqual([...Array(n).fill(true), false]);
  });

  it("a denied request is not counted and does not push the window", async () => {
    const keyId = randomUUID();
    const t0 = minuteEdge();
    await burst(keyId, 3, 3, t0);
    for (let s = 1; s < 60; s += 7) {
      expect((await consumeRateLimit(keyId, 3, DAY, t0 + s * 1000)).allowed).toBe(false);
    }
    const again = await burst(keyId, 3, 3, t0 + 60_000);
    expect(again.map((r) => r.allowed)).toEqual([true, true, true]);
    expect(again.map((r) => r.remaining)).toEqual([2, 1, 0]);
  });

  it("requests spread over the minute free one by one as each leaves the window", async () => {
    const keyId = randomUUID();
    const t0 = minuteEdge();
    for (const s of [0, 20, 40]) {
      expect((await consumeRateLimit(keyId, 3, DAY, t0 + s * 1000)).allowed).toBe(true);
    }
    expect((await consumeRateLimit(keyId, 3, DAY, t0 + 59_000)).allowed).toBe(false);
    const one = await consumeRateLimit(keyId, 3, DAY, t0 + 60_000);
    expect(one.allowed).toBe(true);
    expect((await consumeRateLimit(keyId, 3, DAY, t0 + 61_000)).allowed).toBe(false);
    expect((await consumeRateLimit(keyId, 3, DAY, t0 + 80_000)).allowed).toBe(true);
  });

  it("parallel calls never pass the limit (one atomic script)", async () => {
    const keyId = randomUUID();
    const now = Date.now();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => consumeRateLimit(keyId, 10, DAY, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("reports limit, remaining and reset in Unix seconds a minute ahead", async () => {
    const keyId = randomUUID();
    const now = Date.now();
    const r = await consumeRateLimit(keyId, 60, DAY, now);
    expect(r).toMatchObject({
      allowed: true,
      limit: 60,
      remaining: 59,
      reset: Math.ceil((now + 60_000) / 1000),
    });
  });
});

describe("consumeRateLimit: day window", () => {
  it("denies past perDay and counts the day across minutes", async () => {
    const keyId = randomUUID();
    const t0 = minuteEdge();
    expect((await consumeRateLimit(keyId, 100, 3, t0)).allowed).toBe(true);
    expect((await consumeRateLimit(keyId, 100, 3, t0 + 1_000)).allowed).toBe(true);
    const third = await consumeRateLimit(keyId, 100, 3, t0 + 120_000);
    expect(third).toMatchObject({ allowed: true, remaining: 0 });
    const denied = await consumeRateLimit(keyId, 100, 3, t0 + 240_000);
    expect(denied.allowed).toBe(false);
    expect(denied.retryAfterSeconds).toBeGreaterThan(60);
  });
});

describe("recordAuthFailure", () => {
  it("allows the limit per address and minute, then denies", async () => {
    const address = `unit-${randomUUID()}`;
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await recordAuthFailure(address, 3));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await redis().del(`af:{${address}}`);
  });

  it("keeps its keys on one cluster slot per API key", () => {
    const keys = rateLimitKeys("abc");
    expect(keys.minute).toContain("{abc}");
    expect(keys.day).toContain("{abc}");
  });
});
