import { describe, expect, it } from "vitest";
import { addKey, api, createTestOrg, expectError, expectRateLimitHeaders } from "@/scripts/test/helpers";

/** Per-key limits through the API (the sliding window itself: lib/api/rate-limit.test.ts). */

const nowSeconds = () => Date.now() / 1000;

describe("per-minute limit", () => {
  it("N requests pass with Remaining counting down; the next is 429 without details", async () => {
    const { key } = await createTestOrg({ perMinute: 5 });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api("/v1/contacts", { key });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBe("5");
      remaining.push(res.headers.get("x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["4", "3", "2", "1", "0"]);

    const before = nowSeconds();
    const limited = await api("/v1/contacts", { key });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(limited.body.error).not.toHaveProperty("details");
    expectRateLimitHeaders(limited);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("5");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const reset = Number(limited.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThan(before + 50);
    expect(reset).toBeLessThanOrEqual(before + 61);
  });

  it("X-RateLimit-Reset is Unix seconds about a minute ahead on a success", async () => {
    const { key } = await createTestOrg({ perMinute: 7 });
    const before = nowSeconds();
    const res = await api("/v1/contacts", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("7");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("6");
    const reset = Number(res.headers.get("x-ratelimit-reset"));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(before + 59));
    expect(reset).toBeLessThanOrEqual(Math.ceil(nowSeconds() + 61));
  });

  it("20 parallel requests against a fresh key with perMinute 10 → exactly 10 × 200 and 10 × 429", async () => {
    const { key } = await createTestOrg({ perMinute: 10 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => api("/v1/contacts", { key })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
    for (const r of answers.filter((a) => a.status === 429)) {
      expect(r.body.error.code).toBe("RATE_LIMIT_EXCEEDED");
      expect(r.body.error).not.toHaveProperty("details");
    }
  });

  it("parallel POSTs at the edge cannot create more contacts than the limit allows", async () => {
    const { key } = await createTestOrg({ perMinute: 4 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api("/v1/contacts", { method: "POST", key, body: { phone: `+1415555${String(1000 + i)}` } }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(4);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(8);
  });

  it("limits are per key: another key of the same organization is not affected", async () => {
    const { orgId, key } = await createTestOrg({ perMinute: 2 });
    const other = await addKey(orgId, { perMinute: 2 });
    await api("/v1/contacts", { key });
    await api("/v1/contacts", { key });
    expectError(await api("/v1/contacts", { key }), 429, "RATE_LIMIT_EXCEEDED");
    const res = await api("/v1/contacts", { key: other.key });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-remaining")).toBe("1");
  });

  it("a client repeating its own X-Request-Id cannot slip past the limit", async () => {
    const { key } = await createTestOrg({ perMinute: 3 });
    const headers = { "x-request-id": `client-fixed-${Date.now()}` };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await api("/v1/contacts", { key, headers })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});

describe("per-day limit", () => {
  it("N requests a day pass; the next is 429 RATE_LIMIT_EXCEEDED with Retry-After", async () => {
    const { key } = await createTestOrg({ perMinute: 100, perDay: 3 });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api("/v1/contacts", { key });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("x-ratelimit-remaining"));
    }
    // Remaining is the smaller of what is left this minute and today
    expect(remaining).toEqual(["2", "1", "0"]);
    const limited = await api("/v1/contacts", { key });
    expectError(limited, 429, "RATE_LIMIT_EXCEEDED");
    expect(limited.body.error).not.toHaveProperty("details");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expectRateLimitHeaders(limited);
  });
});
