import { describe, expect, it } from "vitest";
import { honourRetryAfter, parseRetryAfter } from "@/lib/webhooks/retry-after";

describe("Retry-After", () => {
  const now = Date.parse("2026-01-15T09:30:00Z");

  it("reads delay-seconds and HTTP-dates", () => {
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Thu, 15 Jan 2026 09:31:00 GMT", now)).toBe(60_000);
  });

  it("ignores what it cannot read, a date in the past, and absurd values", () => {
    for (const v of [
      null,
      undefined,
      "",
      "soon",
      "-5",
      "1.5",
      "Thu, 15 Jan 2026 09:29:00 GMT",
      "9999999999",
    ]) {
      expect(parseRetryAfter(v, now), String(v)).toBeNull();
    }
  });

  it("lengthens the scheduled wait up to the schedule's longest, never shortens it", () => {
    expect(honourRetryAfter(5_000, 60_000, 36_000_000)).toBe(60_000);
    expect(honourRetryAfter(5_000, 1_000, 36_000_000)).toBe(5_000);
    expect(honourRetryAfter(5_000, 99 * 3_600_000, 36_000_000)).toBe(36_000_000);
    expect(honourRetryAfter(5_000, null, 36_000_000)).toBe(5_000);
  });
});
