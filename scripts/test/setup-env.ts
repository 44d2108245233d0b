import { TEST_ENV } from "@/scripts/test/env";

// Tests reach the database and Redis directly (not through the proxies) to make and check data.
process.env.DATABASE_URL = TEST_ENV.databaseUrl;
process.env.REDIS_URL = TEST_ENV.redisUrl;
process.env.ENCRYPTION_KEY = TEST_ENV.encryptionKey;
process.env.WHATSAPP_APP_SECRET = TEST_ENV.appSecret;
process.env.LOG_LEVEL = "silent";
// lib/ called from a test enqueues from a process whose first Redis connection may take over the
// product's 1 s on a loaded machine (usernames.test.ts failed so in CI); the stack under test keeps 1 s
process.env.ENQUEUE_TIMEOUT_MS = "15000";
// as the stack runs (scripts/test/stack.ts): lib/ called from a test reaches the sandbox on loopback
process.env.WHATSAPP_GRAPH_URL_ALLOWLIST = `http://127.0.0.1:${TEST_ENV.sandboxPort}`;
