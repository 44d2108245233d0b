import { spawnSync } from "node:child_process";
import { type CpuGroups, postgresPids, redisPids, withDescendants } from "@/scripts/bench/proc-cpu";
import { recreateDatabase } from "@/scripts/lib/database";
import { putJson } from "@/scripts/lib/put-json";
import { scratchServices } from "@/scripts/lib/runtime-env";
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";

/**
 * Web (`npm run web`'s process: the production build), worker and sandbox for a benchmark,
 * talking to PostgreSQL and Redis directly (no test proxies). Uses its own database, recreated.
 * BENCH_WEB_PROCESSES (default 1) web processes listen on webPort, webPort + 2, …;
 * BENCH_WORKER_PROCESSES (default 1) worker processes share the queues. `checkout` runs another
 * checkout's web and worker (built, installed) on a database migrated by its own migrations, with
 * this checkout's sandbox; BENCH_WORKER_CWD=<checkout> swaps in only another checkout's worker.
 * BENCH_WORKER_NODE_OPTIONS sets NODE_OPTIONS for the worker processes only (a V8 flag to compare).
 */
export type BenchStack = {
  /** the first web process */
  baseUrl: string;
  /** every web process */
  baseUrls: string[];
  sandboxUrl: string;
  env: Record<string, string>;
  /** the processes whose CPU the benchmark reports: web, worker, postgres, redis, sandbox, load */
  cpu: CpuGroups;
  stop(): Promise<void>;
};

export const WEB_PROCESSES = Math.max(1, Number(process.env.BENCH_WEB_PROCESSES ?? 1));
export const WORKER_PROCESSES = Math.max(1, Number(process.env.BENCH_WORKER_PROCESSES ?? 1));

export const BENCH_SECRETS = {
  encryptionKey: Buffer.alloc(32, 9).toString("base64"),
  appSecret: "bench-app-secret-0123456789abcdef",
  verifyToken: "bench-verify-token",
};

export async function startBenchStack(options: {
  webPort: number;
  sandboxPort: number;
  workerEnv?: Record<string, string>;
  /**
   * Another checkout (built, with its node_modules) whose web and worker to run, migrated by its
   * own migrations; the sandbox stays this checkout's. Default: this checkout.
   */
  checkout?: string;
  /** a database of its own for that checkout (its schema is not this one's) */
  databaseUrl?: string;
}): Promise<BenchStack> {
  // on the servers a running `npm start` uses (.data/runtime.env), else the default local ones
  const scratch = scratchServices(process.cwd(), "messaging_bench", 12);
  const databaseUrl = options.databaseUrl ?? process.env.BENCH_DATABASE_URL ?? scratch.databaseUrl;
  const redisUrl = process.env.BENCH_REDIS_URL ?? scratch.redisUrl;
  const cwd = options.checkout ?? process.cwd();
  await recreateDatabase(databaseUrl, "bench");
  // BENCH_LOG_STATEMENTS=1: PostgreSQL logs every statement of this database (its sessions only)
  if (process.env.BENCH_LOG_STATEMENTS === "1") {
    const database = new URL(databaseUrl).pathname.slice(1);
    const alter = spawnSync(
      "psql",
      [databaseUrl, "-c", `ALTER DATABASE "${database}" SET log_min_duration_statement = 0`],
      { stdio: "ignore" },
    );
    if (alter.status !== 0) process.stderr.write("note: could not log the bench database's statements\n");
  }
  const migrate = spawnSync("node_modules/.bin/tsx", ["scripts/migrate.ts", "apply"], {
    cwd,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: "inherit",
  });
  if (migrate.status !== 0) throw new Error("migrations failed");
  const flush = spawnSync("redis-cli", ["-u", redisUrl, "FLUSHDB"], { stdio: "ignore" });
  if (flush.status !== 0) process.stderr.write("note: could not FLUSHDB the bench Redis database\n");

  const webPorts = Array.from({ length: WEB_PROCESSES }, (_, i) => options.webPort + 2 * i);
  const baseUrls = webPorts.map((port) => `http://127.0.0.1:${port}`);
  const baseUrl = baseUrls[0] as string;
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
    // production's default: what the processes log per request or job is part of the cost
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    SANDBOX_PORT: String(options.sandboxPort),
  };
  const all = { ...process.env, ...env };
  // BENCH_CPU_PROF=<dir>: V8 CPU profiles of web and worker, written when they stop
  const profile = (name: string) =>
    process.env.BENCH_CPU_PROF && name !== "sandbox"
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}/${name}`] // one file per thread
      : [];
  const node = (name: string, script: string, extra: Record<string, string> = {}) =>
    startProcess(name, process.execPath, [...profile(name), "--import", "tsx", script], { ...all, ...extra });
  // a process of another checkout: the same node, started from that checkout's directory
  const nodeIn = (dir: string, name: string, script: string, extra: Record<string, string> = {}) =>
    startProcess(
      name,
      "/bin/sh",
      ["-c", `cd "${dir}" && exec "${process.execPath}" ${profile(name).join(" ")} --import tsx ${script}`],
      { ...all, ...extra },
    );
  const own = (name: string, script: string, extra: Record<string, string> = {}) =>
    options.checkout ? nodeIn(options.checkout, name, script, extra) : node(name, script, extra);
  const webs = webPorts.map((port, i) => own(`web${i + 1}`, "scripts/web.ts", { PORT: String(port) }));
  // BENCH_WORKER_CWD=<checkout>: the worker of another checkout (a commit to compare against in one sitting)
  const workerCwd = process.env.BENCH_WORKER_CWD ?? options.checkout;
  const workerEnv = {
    ...options.workerEnv,
    ...(process.env.BENCH_WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_WORKER_NODE_OPTIONS } : {}),
  };
  const workers = Array.from({ length: WORKER_PROCESSES }, (_, i) =>
    workerCwd
      ? nodeIn(workerCwd, `worker${i + 1}`, "worker/index.ts", workerEnv)
      : node(`worker${i + 1}`, "worker/index.ts", workerEnv),
  );
  const sandbox = node("sandbox", "sandbox/server.ts");
  const procs: Proc[] = [...webs, ...workers, sandbox];
  const tree = (p: Proc) => () => (p.child.pid ? withDescendants(p.child.pid) : []);
  const database = new URL(databaseUrl).pathname.slice(1);
  const cpu: CpuGroups = {
    web: () => webs.flatMap((p) => tree(p)()),
    worker: () => workers.flatMap((p) => tree(p)()),
    postgres: () => postgresPids(database),
    redis: () => redisPids(Number(new URL(redisUrl).port || 6379)),
    sandbox: tree(sandbox),
    load: () => [process.pid],
  };
  const stop = async () => {
    await Promise.all(procs.map((p) => stopProcess(p)));
  };
  try {
    for (const url of baseUrls) await waitFor(async () => (await fetch(`${url}/healthz`)).ok, url);
    for (const worker of workers)
      await waitFor(async () => worker.output.join("").includes("worker started"), worker.name);
    await waitFor(async () => (await fetch(`${sandboxUrl}/_sandbox/app`)).ok, "the sandbox");
  } catch (error) {
    for (const p of procs) process.stderr.write(`--- ${p.name} ---\n${p.output.join("")}\n`);
    await stop();
    throw error;
  }
  Object.assign(process.env, env);
  return { baseUrl, baseUrls, sandboxUrl, env, cpu, stop };
}

/**
 * The sandbox's app pointed at the stack's receiver. By default what would add work that is not the
 * benchmark's own is off: status notifications (each a webhook POST to the web app) and the
 * per-pair rate limit; `extra` sets more or other (enforce_window: false for texts to anyone,
 * the statuses' delays for a benchmark of a message's whole life).
 */
export async function configureSandboxApp(
  stack: BenchStack,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await putJson(`${stack.sandboxUrl}/_sandbox/app`, {
    webhook_url: `${stack.baseUrl}/webhooks/whatsapp`,
    app_secret: stack.env.WHATSAPP_APP_SECRET,
    verify_token: stack.env.WHATSAPP_VERIFY_TOKEN,
    status_delays_ms: { sent: null, delivered: null, read: null },
    pair_rate_limit: null,
    ...extra,
  });
}
