import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { E2E_DATABASE_URL, E2E_REDIS_URL } from "../scripts/test/env";
import { startStack } from "../scripts/test/stack";
import { BASE_URL, E2E_PORTS } from "./env";

type Closable = { close: () => Promise<void> };

/** The sandbox upstream, when this checkout has one; web and worker then talk to it. */
async function startSandboxIfPresent(): Promise<(Closable & { url: string }) | null> {
  if (!existsSync("sandbox/server.ts")) return null;
  const { startSandbox } = await import("../sandbox/server");
  return startSandbox({ port: E2E_PORTS.sandbox, logLevel: "silent" });
}

/**
 * Production build under `next start` plus the worker (scripts/test/stack.ts) against the test
 * database, and the sandbox upstream. Playwright uses the returned function as teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(".next/BUILD_ID"))
    throw new Error("no production build: run `npx next build` (npm test does)");
  // a database of its own (npm test recreated it; a run of a few specs creates or updates it here)
  const migrated = spawnSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts", "apply"], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    encoding: "utf8",
  });
  if (migrated.status !== 0)
    throw new Error(`e2e database migrations: ${migrated.stderr || migrated.stdout}`);
  const sandbox = await startSandboxIfPresent();
  const stack = await startStack({
    webPort: E2E_PORTS.web,
    pgProxyPort: E2E_PORTS.pgProxy,
    redisProxyPort: E2E_PORTS.redisProxy,
    // a PostgreSQL and a Redis database of its own: npm test runs vitest beside it
    databaseUrl: E2E_DATABASE_URL,
    redisUrl: E2E_REDIS_URL,
    // the full retry schedule (~27.6 h) in ~30 s, so the deliveries spec sees a delivery fail for good
    env: { WEBHOOK_RETRY_SCALE: "0.0003", ...(sandbox ? { WHATSAPP_GRAPH_URL: sandbox.url } : {}) },
  }).catch(async (error: unknown) => {
    await sandbox?.close();
    throw error;
  });
  process.stdout.write(`e2e stack at ${BASE_URL}${sandbox ? `, sandbox at ${sandbox.url}` : ""}\n`);
  return async () => {
    await stack.stop();
    await sandbox?.close();
  };
}
