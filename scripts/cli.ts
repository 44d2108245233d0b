/**
 * Admin CLI for operators and tests:
 *   npm run --silent cli -- <noun> <verb> --flag value …
 * prints exactly one JSON object on stdout and exits 0, or a message on stderr and exits 1.
 * The commands are scripts/lib/admin-cli.ts.
 */
import { adminCliLoadedLib, runAdminCli } from "./lib/admin-cli.ts";
import { loadRuntimeEnv } from "./lib/runtime-env.ts";

/**
 * The environment wins; then what a running `npm start` of this checkout resolved
 * (.data/runtime.env, with .env.local's secrets); then the default local servers.
 */
function loadLocalEnv(): void {
  loadRuntimeEnv(process.cwd());
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/messaging";
  process.env.REDIS_URL ??= "redis://127.0.0.1:6379";
}

async function main(): Promise<number> {
  loadLocalEnv();
  try {
    return await runAdminCli(process.argv.slice(2), {
      stdout: (text) => process.stdout.write(text),
      stderr: (text) => process.stderr.write(text),
    });
  } finally {
    // only when a command loaded lib/ (a usage error never does)
    if (adminCliLoadedLib()) {
      await (await import("@/lib/queues")).closeQueues();
      await (await import("@/lib/db")).disconnectDb();
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
