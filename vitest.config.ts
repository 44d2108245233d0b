import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

const alias = { "@": fileURLToPath(new URL(".", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        // pure logic, beside the code
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          // scripts/lib: the pure helpers of the scripts (the deploy check's parsers)
          include: ["{lib,worker,sandbox}/**/*.test.ts", "scripts/lib/**/*.test.ts"],
          setupFiles: ["scripts/test/setup-env.ts"],
          // some run against PostgreSQL and Redis (the transitions' races, the throughput
          // limiter): vitest's 5 s ran out at a load of 15–24 on two cores, as CI's machine may be
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        // against next start, the worker, PostgreSQL and Redis (scripts/test/global-setup.ts)
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          // sdk/: the SDK's own tests, against the running product
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "sdk/src/**/*.test.ts"],
          // scripts/lib's tests are unit tests (above)
          exclude: [...configDefaults.exclude, "scripts/lib/**"],
          globalSetup: ["scripts/test/global-setup.ts"],
          setupFiles: ["scripts/test/setup-env.ts"],
          // tests that make two or three organizations took 12–21 s each in CI at a load of 12, and
          // one ran out of 30 s: the limit is for a hung test, not a slow machine
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // two files at a time beside the Playwright suite: three on two cores loaded the shared
          // stack until unrelated tests timed out (TEST_WORKERS moves it)
          maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
