import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./scripts/test/sequencer";

const alias = { "@": fileURLToPath(new URL(".", import.meta.url)) };

const UNIT_DIRS = ["lib", "worker", "scripts/lib"];

/**
 * A unit test that needs a module graph of its own: it closes a shared client (the database's,
 * Redis's, the queues'), changes process.env, mocks a module, or reaches PostgreSQL or Redis.
 * The others share one (isolate: false): importing lib/ again for each of ~100 small files was
 * most of the unit tests' time (5–10 minutes at one worker on a loaded machine; ~30 s shared).
 */
const NEEDS_ISOLATION =
  /disconnectDb|\.quit\(\)|closeQueues|vi\.mock|process\.env\.\w+\s*=[^=]|delete process\.env|^import .* from "@\/lib\/(db|redis|queues)";/m;

/**
 * An integration test that needs a module graph of its own: it closes a shared client, changes
 * process.env or the process's state (cwd, handlers), mocks or spies on a module, or fakes timers.
 * The others share one per vitest worker (isolate: false), as the unit files do: importing lib/
 * afresh for each of ~150 files was 448 s of the workers' 2,640 in a run of `npm test` on a
 * 2-core machine (2026-12-01, vitest's "import" figure), a new process each as well.
 * TEST_ISOLATE=1 gives every file its own again (to tell a leak between files from a failure).
 */
const INTEGRATION_NEEDS_ISOLATION =
  /disconnectDb|\.quit\(\)|closeQueues|vi\.mock|vi\.spyOn|vi\.stubEnv|useFakeTimers|process\.env\.\w+\s*=[^=]|process\.env\[[^\]]+\]\s*=[^=]|delete process\.env|Object\.assign\(process\.env|process\.chdir|process\.on\(/m;

/** The test files under `dirs`, split by whether `needsIsolation` finds what a shared graph cannot hold. */
function testFiles(
  dirs: string[],
  needsIsolation: RegExp,
  skip: string[] = [],
): { shared: string[]; isolated: string[] } {
  const shared: string[] = [];
  const isolated: string[] = [];
  const isolateAll = process.env.TEST_ISOLATE === "1";
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && entry.name !== "generated" && !skip.includes(path)) walk(path);
      } else if (entry.name.endsWith(".test.ts")) {
        (isolateAll || needsIsolation.test(readFileSync(path, "utf8")) ? isolated : shared).push(path);
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return { shared, isolated };
}

const units = testFiles(UNIT_DIRS, NEEDS_ISOLATION);
// scripts/lib's tests are unit tests (above)
const integrations = testFiles(["app", "scripts", "sdk/src"], INTEGRATION_NEEDS_ISOLATION, ["scripts/lib"]);
// one pool for every project (vitest runs projects of one group side by side, with one limit):
// two files at a time beside the Playwright suite; three on two cores loaded the shared stack
// until unrelated tests timed out (TEST_WORKERS moves it)
const maxWorkers = Number(process.env.TEST_WORKERS ?? 2);
// In CI (a machine that may be loaded by anything), one more try for a test that failed: the
// run's summary names each test that passed only on its second try (scripts/test/slowest.ts),
// so a flaky test is shown and counted, never passed in silence. Locally every failure stands.
const retry = process.env.CI ? 1 : 0;

/** An integration project: its files against the stack of scripts/test/global-setup.ts. */
function integrationProject(name: string, include: string[], isolate: boolean) {
  return {
    resolve: { alias },
    test: {
      name,
      environment: "node" as const,
      include,
      globalSetup: ["scripts/test/global-setup.ts"],
      setupFiles: ["scripts/test/setup-env.ts"],
      // tests that make two or three organizations took 12–21 s each in CI at a load of 12, and
      // one ran out of 30 s: the limit is for a hung test, not a slow machine
      testTimeout: 60_000,
      hookTimeout: 120_000,
      pool: "forks" as const,
      isolate,
      maxWorkers,
      retry,
    },
  };
}

export default defineConfig({
  resolve: { alias },
  test: {
    // long files first (scripts/test/sequencer.ts), unit files last to fill the gaps
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        // pure logic, beside the code, in one module graph per worker
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          // scripts/lib: the pure helpers of the scripts (the deploy check's parsers)
          include: units.shared,
          setupFiles: ["scripts/test/setup-env.ts"],
          isolate: false,
          testTimeout: 30_000,
          // a hook that makes rows (vitest's 10 s ran out with two suites side by side, a load of 20)
          hookTimeout: 120_000,
          maxWorkers,
          retry,
        },
      },
      {
        // unit tests with state of their own: the sandbox's (its in-memory upstream), and those
        // NEEDS_ISOLATION finds
        resolve: { alias },
        test: {
          name: "unit-isolated",
          environment: "node",
          include: ["sandbox/**/*.test.ts", ...units.isolated],
          setupFiles: ["scripts/test/setup-env.ts"],
          // some run against PostgreSQL and Redis (the transitions' races, the throughput
          // limiter): vitest's 5 s ran out at a load of 15–24 on two cores, as CI's machine may be
          testTimeout: 30_000,
          // a hook that makes rows (vitest's 10 s ran out with two suites side by side, a load of 20)
          hookTimeout: 120_000,
          maxWorkers,
          retry,
        },
      },
      // against next start, the worker, PostgreSQL and Redis (scripts/test/global-setup.ts); sdk/:
      // the SDK's own tests, against the running product. Two projects, one stack: vitest runs
      // one global setup per project, so the second's would start a second stack on the same
      // ports; both name the same file and the stack refuses a taken port (scripts/test/stack.ts)
      integrationProject("integration", integrations.shared, false),
      integrationProject("integration-isolated", integrations.isolated, true),
    ],
  },
});
