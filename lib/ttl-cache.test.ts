import { describe, expect, it } from "vitest";
import { ttlCache } from "@/lib/ttl-cache";

describe("ttlCache", () => {
  it("loads a key once while fresh, and concurrent callers share the load in flight", async () => {
    let loads = 0;
    const cache = ttlCache<number>(60_000);
    const load = async () => ++loads;
    expect(await Promise.all([cache("k", load), cache("k", load)])).toEqual([1, 1]);
    expect(await cache("k", load)).toBe(1);
    expect(await cache("other", load)).toBe(2);
  });

  it("loads again once the entry is older than the TTL", async () => {
    let loads = 0;
    const cache = ttlCache<number>(0);
    expect(await cache("k", async () => ++loads)).toBe(1);
    expect(await cache("k", async () => ++loads)).toBe(2);
  });

  it("forgets a failed load, unless the failure is itself the answer", async () => {
    const cache = ttlCache<string>(60_000, { keepFailure: (e) => e instanceof RangeError });
    await expect(cache("a", () => Promise.reject(new Error("database away")))).rejects.toThrow(
      "database away",
    );
    expect(await cache("a", async () => "loaded")).toBe("loaded");
    await expect(cache("b", () => Promise.reject(new RangeError("no such channel")))).rejects.toThrow(
      RangeError,
    );
    await expect(cache("b", async () => "never")).rejects.toThrow("no such channel");
  });
});
