import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DYNAMIC_FIRST,
  DYNAMIC_SHARE,
  freePort,
  PORT_BLOCK,
  PORT_SLOTS,
  portBase,
  testPort,
} from "@/scripts/test/ports";

/** Every test and spec file of the repository (not node_modules, not build output). */
function testFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".") || name === "generated") continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testFiles(path, found);
    else if (/\.(test|spec)\.ts$|^(global-setup|env|support|sandbox-support|helpers)\.ts$/.test(name))
      found.push(path);
  }
  return found;
}

describe("test ports (scripts/test/ports.ts)", () => {
  it("no two names share a port, and every port is inside the block", () => {
    const offsets = Object.values(PORT_SLOTS);
    expect(new Set(offsets).size).toBe(offsets.length);
    for (const offset of offsets) {
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(PORT_BLOCK);
    }
  });

  it("freePort's shares (one per vitest worker) lie in the block, after every named port", async () => {
    expect(Math.max(...Object.values(PORT_SLOTS))).toBeLessThan(DYNAMIC_FIRST);
    expect((PORT_BLOCK - DYNAMIC_FIRST) % DYNAMIC_SHARE).toBe(0);
    const env = { TEST_PORT_BASE: "23000", VITEST_POOL_ID: "2" };
    const port = await freePort(env);
    expect(port).toBeGreaterThanOrEqual(23_000 + DYNAMIC_FIRST + DYNAMIC_SHARE);
    expect(port).toBeLessThan(23_000 + DYNAMIC_FIRST + 2 * DYNAMIC_SHARE);
    // the next call hands out another
    expect(await freePort(env)).not.toBe(port);
  });

  it("TEST_PORT_BASE moves the whole block and is refused outside 1024–32568", () => {
    expect(testPort("web", {})).toBe(21_000);
    expect(testPort("e2eSandbox", { TEST_PORT_BASE: "23000" })).toBe(23_000 + PORT_SLOTS.e2eSandbox);
    for (const bad of ["80", "32700", "abc", "21000.5"]) {
      expect(() => portBase({ TEST_PORT_BASE: bad })).toThrow(/TEST_PORT_BASE/);
    }
  });

  it("no test computes a port from another one's (they come from the table)", () => {
    const offenders: string[] = [];
    for (const dir of ["app", "e2e", "lib", "scripts", "sdk", "worker", "sandbox"]) {
      for (const file of testFiles(dir)) {
        const lines = readFileSync(file, "utf8").split("\n");
        lines.forEach((line, i) => {
          if (/Port\s*[+-]\s*\d/.test(line) || /process\.env\.(TEST|E2E)_\w*PORT\b/.test(line)) {
            offenders.push(`${file}:${i + 1}: ${line.trim()}`);
          }
        });
      }
    }
    expect(offenders).toEqual([]);
  });
});
