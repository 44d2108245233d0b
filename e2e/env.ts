import { TEST_ENV } from "../scripts/test/env";

/** Ports of the e2e stack: apart from the vitest stack (3100, 55432, 56379) so both can run. */
export const E2E_PORTS = { web: 3200, pgProxy: 55442, redisProxy: 56390, sandbox: 4210 } as const;
export const BASE_URL = `http://127.0.0.1:${E2E_PORTS.web}`;

// The specs make and check their data through lib/ directly (not through the proxies).
process.env.DATABASE_URL ??= TEST_ENV.databaseUrl;
process.env.REDIS_URL ??= TEST_ENV.redisUrl;
process.env.ENCRYPTION_KEY ??= TEST_ENV.encryptionKey;
process.env.AUTH_SECRET ??= TEST_ENV.authSecret;
process.env.LOG_LEVEL ??= "silent";
