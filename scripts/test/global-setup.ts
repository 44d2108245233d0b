import { createServer } from "node:http";
import { TEST_ENV } from "@/scripts/test/env";
import { startStack } from "@/scripts/test/stack";

/**
 * Starts what the integration tests talk to (scripts/test/stack.ts) and a small control
 * server through which a test can cut PostgreSQL or Redis off and bring it back.
 */
export default async function setup(): Promise<() => Promise<void>> {
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
