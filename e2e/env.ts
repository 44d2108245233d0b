import { E2E_DATABASE_URL, E2E_REDIS_URL, TEST_ENV } from "../scripts/test/env";
import { testPort } from "../scripts/test/ports";

/** Ports of the e2e stack: apart from the vitest stack's, from one table (scripts/test/ports.ts). */
export const E2E_PORTS = {
  web: testPort("e2eWeb"),
  pgProxy: testPort("e2ePgProxy"),
  redisProxy: testPort("e2eRedisProxy"),
  sandbox: testPort("e2eSandbox"),
} as const;
export const BASE_URL = `http://127.0.0.1:${E2E_PORTS.web}`;

// The specs make and check their data through lib/ directly (not through the proxies).
process.env.DATABASE_URL ??= E2E_DATABASE_URL;
process.env.REDIS_URL ??= E2E_REDIS_URL;
process.env.ENCRYPTION_KEY ??= TEST_ENV.encryptionKey;
process.env.AUTH_SECRET ??= TEST_ENV.authSecret;
process.env.LOG_LEVEL ??= "silent";
// as the stack under test runs: specs register webhooks on loopback receivers through lib/
process.env.ALLOW_LOOPBACK_URLS ??= "true";

/**
 * The limit of a wait for a row or a delivery (expect.poll, Receiver.next): only a hang runs out
 * of it. A short one is a pace, and a loaded CI machine (two suites on two cores) missed it.
 */
export const E2E_HANG_MS = 60_000;
