import { createServer } from "node:net";
import { TEST_ENV, viaProxy } from "@/scripts/test/env";
import { type Proc, startProcess, stopProcess, waitFor } from "@/scripts/test/processes";
import { TcpProxy } from "@/scripts/test/tcp-proxy";

export type StackOptions = {
  webPort: number;
  pgProxyPort: number;
  redisProxyPort: number;
  worker?: boolean;
  /** port of a sandbox upstream to start and register this web app with */
  sandboxPort?: number;
  env?: Record<string, string>;
  /** the PostgreSQL behind the proxy (default: the test database) */
  databaseUrl?: string;
  /** the Redis behind the proxy (default: the tests' Redis database) */
  redisUrl?: string;
};

export type Stack = {
  baseUrl: string;
  pgProxy: TcpProxy;
  redisProxy: TcpProxy;
  procs: Proc[];
  stop(): Promise<void>;
};

/** Environment of the processes under test, as production runs them. */
export function stackEnv(options: StackOptions): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: viaProxy(options.databaseUrl ?? TEST_ENV.databaseUrl, options.pgProxyPort),
    REDIS_URL: viaProxy(options.redisUrl ?? TEST_ENV.redisUrl, options.redisProxyPort),
    PORT: String(options.webPort),
    APP_URL: `http://127.0.0.1:${options.webPort}`,
    ENCRYPTION_KEY: TEST_ENV.encryptionKey,
    WHATSAPP_APP_SECRET: TEST_ENV.appSecret,
    WHATSAPP_VERIFY_TOKEN: TEST_ENV.verifyToken,
    AUTH_SECRET: TEST_ENV.authSecret,
    ALLOW_LOOPBACK_URLS: "true",
    // as `npm start` does: the dashboard may point channels at the sandbox
    ...(options.sandboxPort
      ? { WHATSAPP_GRAPH_URL_ALLOWLIST: `http://127.0.0.1:${options.sandboxPort}` }
      : {}),
    WEBHOOK_RETRY_SCALE: "0.001",
    // the product's own deadline (scripts/test/setup-env.ts sets more for the tests' process only)
    ENQUEUE_TIMEOUT_MS: undefined,
    LOG_LEVEL: process.env.TEST_VERBOSE ? "info" : "warn",
    // tests connect over loopback and name their client address in X-Forwarded-For, as a proxy would
    TRUSTED_PROXIES: "127.0.0.1,::1",
    ...options.env,
  };
}

/**
 * The production build under `next start` (and the worker), reaching PostgreSQL and Redis
 * through proxies that a test can cut.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  // a stack left running by an earlier run (its processes are group leaders, so a killed runner
  // leaves them) would answer in this one's place, with another database behind it
  await ensurePortFree(options.webPort);
  const pg = new URL(options.databaseUrl ?? TEST_ENV.databaseUrl);
  const rd = new URL(options.redisUrl ?? TEST_ENV.redisUrl);
  const pgProxy = new TcpProxy(options.pgProxyPort, { host: pg.hostname, port: Number(pg.port || 5432) });
  const redisProxy = new TcpProxy(options.redisProxyPort, {
    host: rd.hostname,
    port: Number(rd.port || 6379),
  });
  await pgProxy.start();
  await redisProxy.start();
  const env = stackEnv(options);
  const procs: Proc[] = [
    // what `npm run web` and the start command run: Next's handler on a server that drains on SIGTERM
    startProcess("web", process.execPath, ["--import", "tsx", "scripts/web.ts"], env),
  ];
  if (options.worker !== false) {
    procs.push(
      startProcess("worker", process.execPath, ["--import", "tsx", "worker/index.ts"], {
        ...env,
        LOG_LEVEL: "info",
      }),
    );
  }
  if (options.sandboxPort) {
    const sandboxEnv = { ...env, SANDBOX_PORT: String(options.sandboxPort), LOG_LEVEL: "warn" };
    procs.push(
      startProcess("sandbox", process.execPath, ["--import", "tsx", "sandbox/server.ts"], sandboxEnv),
    );
  }
  const baseUrl = `http://127.0.0.1:${options.webPort}`;
  const stop = async () => {
    await Promise.all(procs.map((p) => stopProcess(p)));
    await pgProxy.stop();
    await redisProxy.stop();
  };
  try {
    await waitFor(async () => (await fetch(`${baseUrl}/v1/openapi.json`)).status < 500, "the web server");
    const worker = procs.find((p) => p.name === "worker");
    if (worker) await waitFor(async () => worker.output.join("").includes("worker started"), "the worker");
    if (options.sandboxPort) await registerWithSandbox(`http://127.0.0.1:${options.sandboxPort}`, baseUrl);
  } catch (error) {
    for (const p of procs) process.stderr.write(`--- ${p.name} output ---\n${p.output.join("")}\n`);
    await stop();
    throw error;
  }
  return { baseUrl, pgProxy, redisProxy, procs, stop };
}

/** Points the sandbox's app at this web app (it runs the GET verification handshake first). */
async function registerWithSandbox(sandboxUrl: string, baseUrl: string): Promise<void> {
  await waitFor(async () => (await fetch(`${sandboxUrl}/_sandbox/app`)).status < 500, "the sandbox");
  const res = await fetch(`${sandboxUrl}/_sandbox/app`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      webhook_url: `${baseUrl}/webhooks/whatsapp`,
      app_secret: TEST_ENV.appSecret,
      verify_token: TEST_ENV.verifyToken,
      // fast statuses for tests; skip nothing so every status can be asserted
      status_delays_ms: { sent: 20, delivered: 60, read: 200 },
      skip_delivered_when_read_fast: false,
      webhook_retry_delays_ms: [200, 1000],
    }),
  });
  if (!res.ok) throw new Error(`sandbox registration failed: ${res.status} ${await res.text()}`);
}

function ensurePortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", () =>
      reject(
        new Error(
          `port ${port} is taken by another process (a test stack left running?): stop it, or move this run's ports (scripts/test/env.ts, e2e/env.ts)`,
        ),
      ),
    );
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve()));
  });
}
