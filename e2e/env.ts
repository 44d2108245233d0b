import { E2E_DATABASE_URL, E2E_REDIS_URL, TEST_ENV } from "../scripts/test/env";

/**
 * Ports of the e2e stack: apart from the vitest stack (3100, 25432, 26379) so both can run.
 * E2E_WEB_PORT, E2E_PG_PROXY_PORT, E2E_REDIS_PROXY_PORT and E2E_SANDBOX_PORT move them (two
 * checkouts on one machine).
 */
export const E2E_PORTS = {
  web: Number(process.env.E2E_WEB_PORT ?? 3200),
  pgProxy: Number(process.env.E2E_PG_PROXY_PORT ?? 25442),
  redisProxy: Number(process.env.E2E_REDIS_PROXY_PORT ?? 26390),
  sandbox: Number(process.env.E2E_SANDBOX_PORT ?? 4210),
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
