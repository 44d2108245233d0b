import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CHANNEL_TOUCH_EVERY_MS, channelTouchDue } from "@/lib/channels/channel-touch-due";

describe("channelTouchDue", () => {
  it("writes a channel's lastActiveAt once a minute per process, and again when the minute has passed", () => {
    const id = randomUUID();
    const t = 1_800_000_000_000;
    expect(channelTouchDue(id, t)).toBe(true);
    expect(channelTouchDue(id, t + 1)).toBe(false);
    expect(channelTouchDue(id, t + CHANNEL_TOUCH_EVERY_MS - 1)).toBe(false);
    expect(channelTouchDue(id, t + CHANNEL_TOUCH_EVERY_MS)).toBe(true);
    expect(channelTouchDue(id, t + CHANNEL_TOUCH_EVERY_MS + 1)).toBe(false);
    // another channel has its own minute
    expect(channelTouchDue(randomUUID(), t + 1)).toBe(true);
  });

  it("a clock that went back does not hold the write off for long", () => {
    const id = randomUUID();
    const t = 1_800_000_000_000;
    expect(channelTouchDue(id, t)).toBe(true);
    expect(channelTouchDue(id, t - 5_000)).toBe(true);
  });
});
