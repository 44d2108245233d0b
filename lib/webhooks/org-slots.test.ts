import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { redis } from "@/lib/redis";
import { orgSlotLimit, orgSlotsKey, releaseOrgSlot, tryOrgSlot } from "@/lib/webhooks/org-slots";

/**
 * An organization's share of requests in flight, against the real Redis of the tests: a full share
 * answers how long its oldest slot has been held (what a postponed attempt's wait is made of,
 * lib/webhooks/deliver.ts), and a slot given back is free at once.
 */

afterAll(async () => {
  await redis().quit();
});

describe("tryOrgSlot", () => {
  it("takes the share's slots, then answers the oldest slot's age; a slot given back is taken again", async () => {
    const org = randomUUID();
    const limit = orgSlotLimit("webhooks");
    const tokens = Array.from({ length: limit }, () => randomUUID());
    const before = Date.now();
    for (const token of tokens) expect(await tryOrgSlot(org, token)).toEqual({ acquired: true });
    expect(await redis().zcard(orgSlotsKey(org))).toBe(limit);

    const full = await tryOrgSlot(org, randomUUID());
    const since = Date.now() - before;
    expect(full.acquired).toBe(false);
    // held since the first slot was taken: at least 0, never longer than the test has run
    const age = full.acquired ? -1 : full.oldestHeldMs;
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThanOrEqual(since);
    expect(await redis().zcard(orgSlotsKey(org))).toBe(limit);

    await releaseOrgSlot(org, tokens[0] as string);
    const again = randomUUID();
    expect(await tryOrgSlot(org, again)).toEqual({ acquired: true });
    expect(await redis().zscore(orgSlotsKey(org), again)).not.toBeNull();
    await redis().del(orgSlotsKey(org));
  });

  it("keeps the broadcast drivers' share apart from the webhook requests'", async () => {
    const org = randomUUID();
    for (let i = 0; i < orgSlotLimit("webhooks"); i++) await tryOrgSlot(org, randomUUID());
    expect((await tryOrgSlot(org, randomUUID())).acquired).toBe(false);
    expect(await tryOrgSlot(org, randomUUID(), "broadcasts")).toEqual({ acquired: true });
    await redis().del(orgSlotsKey(org), orgSlotsKey(org, "broadcasts"));
  });
});
