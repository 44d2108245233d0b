/**
 * `npm test`: the whole suite against real services. Recreates the test database, applies
 * the migrations, builds the production app (skip with TEST_SKIP_BUILD=1 when a build
 * exists), then runs vitest (unit + integration against next start, the worker and the
 * sandbox) and, when present, the Playwright suite in e2e/.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Client } from "pg";
import { TEST_ENV } from "@/scripts/test/env";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1" };

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  const started = Date.now();
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, {
    stdio: "inherit",
    env: { ...env, ...extraEnv } as NodeJS.ProcessEnv,
  });
  process.stdout.write(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  if (result.status !== 0) {
    process.stderr.write(`✘ ${title} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(result.status ?? 1);
  }
}

async function recreateDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name) || !name.includes("test")) {
    throw new Error(`refusing to recreate ${name}: the test database's name must contain "test"`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
}

async function main(): Promise<void> {
  await recreateDatabase(TEST_ENV.databaseUrl);
  run("migrations", "node_modules/.bin/tsx", ["scripts/migrate.ts", "apply"], {
    DATABASE_URL: TEST_ENV.databaseUrl,
  });
  if (!(process.env.TEST_SKIP_BUILD && existsSync(".next/BUILD_ID"))) {
    run("next build", "node_modules/.bin/next", ["build"]);
  }
  const only = process.argv.slice(2);
  run("vitest", "node_modules/.bin/vitest", ["run", ...only]);
  if (only.length === 0 && existsSync("e2e/playwright.config.ts")) {
    run("playwright", "node_modules/.bin/playwright", ["test", "-c", "e2e/playwright.config.ts"]);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
