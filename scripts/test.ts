/**
 * `npm test`: the whole suite against real services. Recreates the test database, applies the
 * migrations, builds the production app when a source changed since the last build (or always
 * with TEST_FORCE_BUILD=1; never with TEST_SKIP_BUILD=1 when a build exists), then runs vitest
 * (unit + integration against the web app, the worker and the sandbox) and the Playwright suite
 * in e2e/ side by side: each has a stack of its own on its own ports, and both mostly wait on
 * I/O. Ends with the slowest test files of the run.
 */
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureBrowser } from "@/scripts/lib/browser";
import { buildReason } from "@/scripts/lib/build";
import { recreateDatabase } from "@/scripts/lib/database";
import { StartError } from "@/scripts/lib/log";
import { resolveDatabase } from "@/scripts/lib/postgres";
import { resolveRedis } from "@/scripts/lib/redis";
import { readRuntimeEnv, withDatabase } from "@/scripts/lib/runtime-env";
import type { Service } from "@/scripts/lib/service";
import { printFailures, printSlowest, RESULTS_DIR } from "@/scripts/test/slowest";

const BASE_ENV = { NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...process.env, ...BASE_ENV, ...extraEnv } as NodeJS.ProcessEnv,
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0)
    throw new Error(`✘ ${title} failed after ${seconds} s (exit ${result.status ?? result.signal})`);
  process.stdout.write(`✔ ${title} (${seconds} s)\n`);
}

type Outcome = { title: string; ok: boolean; seconds: number; log?: string };

/** Runs a command in the background; its output goes to the terminal, or to `log` (shown at the end). */
function runAsync(title: string, command: string, args: string[], log?: string): Promise<Outcome> {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}${log ? ` (output in ${log}, shown when it ends)` : ""}\n`);
  const child = spawn(command, args, {
    stdio: log ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, ...BASE_ENV } as NodeJS.ProcessEnv,
  });
  if (log) {
    const file = createWriteStream(log);
    child.stdout?.pipe(file);
    child.stderr?.pipe(file);
  }
  return new Promise((resolve) => {
    child.once("exit", (code) =>
      resolve({ title, ok: code === 0, seconds: (Date.now() - started) / 1000, ...(log ? { log } : {}) }),
    );
  });
}

/**
 * The services the tests use: TEST_DATABASE_URL / TEST_REDIS_URL when set; beside a running
 * `npm start`, its servers; otherwise what the start command would use (local servers on the
 * default ports, else embedded PostgreSQL and a redis-server of our own), with the test
 * database `messaging_test` and Redis database 15.
 */
async function resolveServices(): Promise<Service[]> {
  const started: Service[] = [];
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = process.env;
  process.env = rest;
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

function buildIfNeeded(): void {
  const built = existsSync(".next/BUILD_ID");
  if (process.env.TEST_SKIP_BUILD && built) return;
  const reason = process.env.TEST_FORCE_BUILD ? "TEST_FORCE_BUILD" : buildReason(process.cwd());
  if (reason === null) {
    process.stdout.write("\n✔ next build: the build is newer than every source, kept\n");
    return;
  }
  run(`next build (${reason})`, "node_modules/.bin/next", ["build"]);
}

async function runSuite(): Promise<void> {
  const started = Date.now();
  const { E2E_DATABASE_URL, TEST_ENV } = await import("@/scripts/test/env");
  await recreateDatabase(TEST_ENV.databaseUrl, "test");
  run("migrations", "node_modules/.bin/tsx", ["scripts/migrate.ts", "apply"], {
    DATABASE_URL: TEST_ENV.databaseUrl,
  });
  // the Playwright stack's own database (scripts/test/env.ts says why): fresh too, migrated by its setup
  if (runsE2e()) await recreateDatabase(E2E_DATABASE_URL, "e2e");
  buildIfNeeded();
  const only = process.argv.slice(2);
  if (!runsE2e()) {
    run("vitest", "node_modules/.bin/vitest", ["run", ...only]);
    return;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  // absolute: Playwright would otherwise resolve it against e2e/, where the config lives
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = join(process.cwd(), RESULTS_DIR, "playwright.json");
  const outcomes = await Promise.all([
    runAsync("vitest", "node_modules/.bin/vitest", [
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${join(RESULTS_DIR, "vitest.json")}`,
    ]),
    runAsync(
      "playwright",
      "node_modules/.bin/playwright",
      ["test", "-c", "e2e/playwright.config.ts", "--reporter=list,json"],
      join(RESULTS_DIR, "playwright.log"),
    ),
  ]);
  for (const o of outcomes) {
    if (o.log) process.stdout.write(`\n▶ ${o.title} output\n${readFileSync(o.log, "utf8")}`);
  }
  printSlowest(process.stdout);
  printFailures(process.stdout);
  process.stdout.write("\n");
  for (const o of outcomes)
    process.stdout.write(`${o.ok ? "✔" : "✘"} ${o.title} (${o.seconds.toFixed(1)} s)\n`);
  process.stdout.write(`whole run: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.title);
  if (failed.length > 0) throw new Error(`✘ ${failed.join(" and ")} failed`);
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
