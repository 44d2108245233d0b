import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"))
    .map((f) => join(dir, f))
    .filter((f) => !f.startsWith("lib/generated/"));
}

/** statically or dynamically, for a value or a type: whoever names the client holds it */
const TOUCHES_SERVER = /(from |import\()"@\/lib\/(db|redis|queues)"/;
const SINGLETONS = ["lib/db.ts", "lib/redis.ts", "lib/queues.ts"];
const MARKER = /^import "#server-only";$/m;

describe("server-only modules", () => {
  it('every lib/ module holding the database, Redis or the queues starts with import "#server-only"', () => {
    const holders = sources("lib").filter(
      (f) => SINGLETONS.includes(f) || TOUCHES_SERVER.test(readFileSync(join(ROOT, f), "utf8")),
    );
    expect(holders.length).toBeGreaterThan(50);
    expect(holders.filter((f) => !MARKER.test(readFileSync(join(ROOT, f), "utf8")))).toEqual([]);
  });

  it('client modules ("use client") live in components/, where dependency-cruiser keeps them from the server', () => {
    const client = ["app", "lib"]
      .flatMap(sources)
      .filter((f) => /^\s*["']use client["']/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(client).toEqual([]);
  });
});
