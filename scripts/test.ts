/**
 * `npm test`: the whole suite against real services. Recreates the test database, applies
 * the migrations, builds the production app (skip with TEST_SKIP_BUILD=1 when a build
 * exists), then runs vitest (unit + integration against next start, the worker and the
 * sandbox) and, when present, the Playwright suite in e2e/.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureBrowser } from "@/scripts/lib/browser";
import { recreateDatabase } from "@/scripts/lib/database";
import { StartError } from "@/scripts/lib/log";
import { resolveDatabase } from "@/scripts/lib/postgres";
import { resolveRedis } from "@/scripts/lib/redis";
import { readRuntimeEnv, withDatabase } from "@/scripts/lib/runtime-env";
import type { Service } from "@/scripts/lib/service";

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...env, ...extraEnv } as NodeJS.ProcessEnv,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0)
    throw new Error(`✘ ${title} failed after ${seconds} s (exit ${result.status ?? result.signal})`);
  process.stdout.write(`✔ ${title} (${seconds} s)\n`);
}

/**
 * The services the tests use: TEST_DATABASE_URL / TEST_REDIS_URL when set; otherwise what the
 * start command would use (local servers on the default ports, else embedded PostgreSQL and a
 * redis-server of our own), with the test database `messaging_test` and Redis database 15.
 */
async function resolveServices(): Promise<Service[]> {
  const started: Service[] = [];
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = process.env;
  process.env = rest;
  // beside a running `npm start`: the same servers, with databases of the tests' own
  const runtime = readRuntimeEnv(process.cwd());
  if (runtime?.DATABASE_URL && !process.env.TEST_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = withDatabase(runtime.DATABASE_URL, "messaging_test");
  }
  if (runtime?.REDIS_URL && !process.env.TEST_REDIS_URL) {
    process.env.TEST_REDIS_URL = withDatabase(runtime.REDIS_URL, "15");
  }
  if (!process.env.TEST_DATABASE_URL) {
    const pg = await resolveDatabase(process.cwd(), "messaging_test");
    started.push(pg);
    process.env.TEST_DATABASE_URL = pg.url;
  }
  if (!process.env.TEST_REDIS_URL) {
    const redis = await resolveRedis(process.cwd());
    started.push(redis);
    process.env.TEST_REDIS_URL = `${redis.url.replace(/\/\d*$/, "")}/15`;
  }
  return started;
}

async function main(): Promise<void> {
  // the browser is checked first, so a missing one stops the run before any test, not after them
  if (runsE2e()) process.env.E2E_CHROMIUM_PATH = ensureBrowser();
  const services = await resolveServices();
  try {
    await runSuite();
  } finally {
    for (const service of services) await service.stop();
  }
}

async function runSuite(): Promise<void> {
  const { TEST_ENV } = await import("@/scripts/test/env");
  await recreateDatabase(TEST_ENV.databaseUrl, "test");
  run("migrations", "node_modules/.bin/tsx", ["scripts/migrate.ts", "apply"], {
    DATABASE_URL: TEST_ENV.databaseUrl,
  });
  if (!(process.env.TEST_SKIP_BUILD && existsSync(".next/BUILD_ID"))) {
    run("next build", "node_modules/.bin/next", ["build"]);
  }
  const only = process.argv.slice(2);
  run("vitest", "node_modules/.bin/vitest", ["run", ...only]);
  if (runsE2e()) {
    run("playwright", "node_modules/.bin/playwright", ["test", "-c", "e2e/playwright.config.ts"]);
  }
}

/** The whole suite (no FILES given) includes the Playwright specs. */
function runsE2e(): boolean {
  return process.argv.length <= 2 && existsSync("e2e/playwright.config.ts");
}

main().catch((error: unknown) => {
  const text = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${error instanceof StartError ? `✘ ${text}` : text}\n`);
  process.exit(1);
});
