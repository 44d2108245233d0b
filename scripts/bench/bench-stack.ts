import { spawnSync } from "node:child_process";
import { recreateDatabase } from "@/scripts/lib/database";
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";

/**
 * Web (next start, the production build), worker and sandbox for a benchmark, talking to
 * PostgreSQL and Redis directly (no test proxies). Uses its own database, recreated.
 */
export type BenchStack = {
  baseUrl: string;
  sandboxUrl: string;
  env: Record<string, string>;
  stop(): Promise<void>;
};

export const BENCH_SECRETS = {
  encryptionKey: Buffer.alloc(32, 9).toString("base64"),
  appSecret: "bench-app-secret-0123456789abcdef",
  verifyToken: "bench-verify-token",
};

export async function startBenchStack(options: {
  webPort: number;
  sandboxPort: number;
  workerEnv?: Record<string, string>;
}): Promise<BenchStack> {
  const databaseUrl =
    process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/messaging_bench";
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/12";
  await recreateDatabase(databaseUrl, "bench");
  const migrate = spawnSync("node_modules/.bin/tsx", ["scripts/migrate.ts", "apply"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "inherit",
  });
  if (migrate.status !== 0) throw new Error("migrations failed");
  const flush = spawnSync("redis-cli", ["-u", redisUrl, "FLUSHDB"], { stdio: "ignore" });
  if (flush.status !== 0) process.stderr.write("note: could not FLUSHDB the bench Redis database\n");

  const baseUrl = `http://127.0.0.1:${options.webPort}`;
  const sandboxUrl = `http://127.0.0.1:${options.sandboxPort}`;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PORT: String(options.webPort),
    APP_URL: baseUrl,
    ENCRYPTION_KEY: BENCH_SECRETS.encryptionKey,
    WHATSAPP_APP_SECRET: BENCH_SECRETS.appSecret,
    WHATSAPP_VERIFY_TOKEN: BENCH_SECRETS.verifyToken,
    AUTH_SECRET: "bench-auth-secret-0123456789abcdef0123456789",
    ALLOW_LOOPBACK_URLS: "true",
    LOG_LEVEL: "warn",
    SANDBOX_PORT: String(options.sandboxPort),
  };
  const all = { ...process.env, ...env };
  const procs: Proc[] = [
    startProcess("web", "node_modules/.bin/next", ["start", "-p", String(options.webPort)], all),
    startProcess("worker", "node_modules/.bin/tsx", ["worker/index.ts"], {
      ...all,
      ...options.workerEnv,
      LOG_LEVEL: "info",
    }),
    startProcess("sandbox", "node_modules/.bin/tsx", ["sandbox/server.ts"], all),
  ];
  const stop = async () => {
    await Promise.all(procs.map((p) => stopProcess(p)));
  };
  try {
    await waitFor(async () => (await fetch(`${baseUrl}/healthz`)).ok, "the web server");
    await waitFor(async () => procs[1]?.output.join("").includes("worker started") ?? false, "the worker");
    await waitFor(async () => (await fetch(`${sandboxUrl}/_sandbox/app`)).ok, "the sandbox");
  } catch (error) {
    for (const p of procs) process.stderr.write(`--- ${p.name} ---\n${p.output.join("")}\n`);
    await stop();
    throw error;
  }
  Object.assign(process.env, env);
  return { baseUrl, sandboxUrl, env, stop };
}
