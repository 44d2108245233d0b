import { TEST_ENV } from "@/scripts/test/env";

// Tests reach the database and Redis directly (not through the proxies) to make and check data.
process.env.DATABASE_URL = TEST_ENV.databaseUrl;
process.env.REDIS_URL = TEST_ENV.redisUrl;
process.env.ENCRYPTION_KEY = TEST_ENV.encryptionKey;
process.env.WHATSAPP_APP_SECRET = TEST_ENV.appSecret;
process.env.LOG_LEVEL = "silent";
// as the stack runs (scripts/test/stack.ts): lib/ called from a test reaches the sandbox on loopback
process.env.WHATSAPP_GRAPH_URL_ALLOWLIST = `http://127.0.0.1:${TEST_ENV.sandboxPort}`;
