import { createServer } from "node:http";
import { TEST_ENV } from "@/scripts/test/env";
import { startStack } from "@/scripts/test/stack";

type Shared = { started: Promise<() => Promise<void>>; users: number };
const SHARED = Symbol.for("messaging.test.integration-stack");

/**
 * Starts what the integration tests talk to (scripts/test/stack.ts) and a small control
 * server through which a test can cut PostgreSQL or Redis off and bring it back. Both integration
 * projects (vitest.config.ts: files sharing a module graph, and files with their own) name this
 * file, and vitest runs each project's global setup: the second finds the first's stack (kept on
 * the main process's globalThis, which both see) and the last teardown stops it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const holder = globalThis as { [SHARED]?: Shared };
  const shared = holder[SHARED] ?? { started: startOnce(), users: 0 };
  holder[SHARED] = shared;
  shared.users++;
  const stop = await shared.started;
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await stop();
  };
}

async function startOnce(): Promise<() => Promise<void>> {
  const stack = await startStack({
    webPort: TEST_ENV.webPort,
    pgProxyPort: TEST_ENV.pgProxyPort,
    redisProxyPort: TEST_ENV.redisProxyPort,
    sandboxPort: TEST_ENV.sandboxPort,
    // metrics on, as an operator runs them: every test then also runs the recorders
    env: { METRICS_TOKEN: TEST_ENV.metricsToken, WORKER_METRICS_PORT: String(TEST_ENV.workerMetricsPort) },
  });
  const control = createServer((req, res) => {
    const [, target, action] = (req.url ?? "").split("/");
    const proxy = target === "pg" ? stack.pgProxy : target === "redis" ? stack.redisProxy : undefined;
    if (!proxy || (action !== "down" && action !== "up")) {
      res.writeHead(404).end();
      return;
    }
    if (action === "down") proxy.down();
    else proxy.restore();
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => control.listen(TEST_ENV.controlPort, "127.0.0.1", resolve));
  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await stack.stop();
  };
}
