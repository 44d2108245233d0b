import { testPort } from "./ports";

/**
 * Addresses shared by the test runner, the global setup and the tests. Ports come from one table
 * (./ports.ts: TEST_PORT_BASE moves the whole block).
 */
export const TEST_ENV = {
  databaseUrl: process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/messaging_test",
  redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/15",
  webPort: testPort("web"),
  pgProxyPort: testPort("pgProxy"),
  redisProxyPort: testPort("redisProxy"),
  controlPort: testPort("control"),
  sandboxPort: testPort("sandbox"),
  /** the worker's GET /metrics (the global stack sets METRICS_TOKEN; other stacks leave metrics off) */
  workerMetricsPort: testPort("workerMetrics"),
  /** deliveries.resilience.test.ts's stack of its own (web and two workers): its web app and its proxies */
  resilienceWebPort: testPort("resilienceWeb"),
  resiliencePgProxyPort: testPort("resiliencePgProxy"),
  resilienceRedisProxyPort: testPort("resilienceRedisProxy"),
  metricsToken: "test-metrics-token-0123456789abcdef",
  /** fixed secrets for the processes under test */
  encryptionKey: Buffer.alloc(32, 7).toString("base64"),
  appSecret: "test-app-secret-0123456789abcdef",
  verifyToken: "test-verify-token",
  authSecret: "test-auth-secret-0123456789abcdef0123456789",
};

/**
 * The Playwright stack's Redis: the tests' server, another database (14), so that vitest and
 * Playwright, which npm test runs side by side, share no queue, rate limit or cache (a vitest
 * file that locks 127.0.0.1 out of sign-in, or flushes its database, must not touch the e2e run).
 */
export const E2E_REDIS_URL = process.env.E2E_REDIS_URL ?? withRedisDatabase(TEST_ENV.redisUrl, 14);

/**
 * The Playwright stack's PostgreSQL database: the test database's name with `_e2e`. vitest and
 * Playwright run side by side, and each worker's sweepers act on every row of the database they
 * see: with one database, the e2e worker drove a vitest broadcast that its test held back (its
 * sweeper queued the running broadcast in its own Redis, where the test's held share did not
 * exist). One database each shares no row.
 */
export const E2E_DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? withDatabaseName(TEST_ENV.databaseUrl, (name) => `${name}_e2e`);

function withDatabaseName(url: string, rename: (name: string) => string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(rename(decodeURIComponent(u.pathname.replace(/^\//, ""))))}`;
  return u.toString();
}

function withRedisDatabase(url: string, db: number): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

export function viaProxy(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = "127.0.0.1";
  u.port = String(port);
  return u.toString();
}
