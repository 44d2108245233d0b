import { describe, expect, it } from "vitest";
import {
  MAX_ATTEMPTS,
  nextRetryDelayMs,
  RETRY_SCHEDULE,
  retryTableMarkdown,
} from "@/lib/webhooks/retry-schedule";

describe("retry schedule", () => {
  it("is Svix's: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h", () => {
    expect(RETRY_SCHEDULE.map((s) => s.delayMs)).toEqual([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    const total = RETRY_SCHEDULE.reduce((sum, s) => sum + s.delayMs, 0);
    expect(total / 3_600_000).toBeGreaterThan(24);
    expect(total / 3_600_000).toBeLessThan(28);
  });

  it("waits the next step after a failed attempt, with ±20 % jitter and the scale", () => {
    expect(nextRetryDelayMs(1, 1, () => 0.5)).toBe(5_000);
    expect(nextRetryDelayMs(1, 1, () => 0)).toBe(4_000);
    expect(nextRetryDelayMs(1, 1, () => 1)).toBe(6_000);
    expect(nextRetryDelayMs(4, 0.001, () => 0.5)).toBe(7_200);
    for (let i = 0; i < 100; i++) {
      const delay = nextRetryDelayMs(3, 1) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(1_440_000);
      expect(delay).toBeLessThanOrEqual(2_160_000);
    }
  });

  it("stops after the last attempt, also for attempts past the schedule (manual redeliveries)", () => {
    expect(nextRetryDelayMs(MAX_ATTEMPTS - 1, 1)).toBeDefined();
    expect(nextRetryDelayMs(MAX_ATTEMPTS, 1)).toBeUndefined();
    expect(nextRetryDelayMs(MAX_ATTEMPTS + 3, 1)).toBeUndefined();
  });

  it("renders the table of docs/webhooks.md, one row an attempt", () => {
    const table = retryTableMarkdown();
    expect(table.split("\n")).toHaveLength(2 + MAX_ATTEMPTS);
    expect(table).toMatch(/\| 8 +\| 10 hours after attempt 7 failed +\| 27\.6 h +\|/);
  });
});
