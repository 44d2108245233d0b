import { describe, expect, it } from "vitest";
import { wakeChannelOf } from "@/lib/inbound/upstream-channel";

describe("wakeChannelOf", () => {
  it("holds nothing of the user name or password: the same server and database name one channel", () => {
    const bare = wakeChannelOf("redis://cache.internal:6380/2");
    expect(wakeChannelOf("redis://:s3cret@cache.internal:6380/2")).toBe(bare);
    expect(wakeChannelOf("redis://worker:other-secret@CACHE.internal:6380/2")).toBe(bare);
    expect(bare).toMatch(/^upstream_[0-9a-f]{16}$/);
  });

  it("another server, port, database or scheme is another channel; the defaults are the server's", () => {
    const base = wakeChannelOf("redis://127.0.0.1:6379/0");
    expect(wakeChannelOf("redis://127.0.0.1")).toBe(base);
    expect(wakeChannelOf("redis://127.0.0.1:6379")).toBe(base);
    const others = [
      "redis://127.0.0.1:6379/15",
      "redis://127.0.0.1:6380/0",
      "redis://127.0.0.2:6379/0",
      "rediss://127.0.0.1:6379/0",
    ].map(wakeChannelOf);
    expect(new Set([base, ...others]).size).toBe(5);
  });
});
