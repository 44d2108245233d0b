import { describe, expect, it } from "vitest";
import { groupCommit } from "@/lib/db-group-commit";

describe("groupCommit", () => {
  it("runs alone at low load, and groups the calls that arrive while statements are in flight", async () => {
    const batches: number[][] = [];
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const double = groupCommit<number, number>(
      async (items) => {
        batches.push(items);
        if (batches.length === 1) await gate;
        return items.map((i) => i * 2);
      },
      { concurrency: 1, maxBatch: 3 },
    );
    const first = double(1);
    const rest = [2, 3, 4, 5, 6].map((n) => double(n));
    release?.();
    expect(await Promise.all([first, ...rest])).toEqual([2, 4, 6, 8, 10, 12]);
    expect(batches).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it("runs a failed group again item by item: only the bad item's caller gets the error", async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let first = true;
    const run = groupCommit<number, number>(
      async (items) => {
        if (first) {
          first = false;
          await gate;
        }
        if (items.includes(13)) throw new Error("bad row 13");
        return items;
      },
      { concurrency: 1, maxBatch: 10 },
    );
    const blocker = run(0);
    const grouped = [12, 13, 14].map((n) => run(n).then(String, (e: Error) => e.message));
    release?.();
    await blocker;
    expect(await Promise.all(grouped)).toEqual(["12", "bad row 13", "14"]);
  });

  it("gives every caller of a failed statement its error, and carries on", async () => {
    let calls = 0;
    const run = groupCommit<number, number>(
      async (items) => {
        calls++;
        if (calls === 1) throw new Error("database away");
        return items;
      },
      { concurrency: 1, maxBatch: 10 },
    );
    await expect(run(1)).rejects.toThrow("database away");
    expect(await run(2)).toBe(2);
  });
});
