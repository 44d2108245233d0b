// `npm start`: the whole product on one machine. Loads .env.local (generating missing secrets
// into it), finds or starts PostgreSQL and Redis, applies migrations, seeds a demo account on the
// first run, builds when sources changed, then runs web + worker (+ sandbox) until Ctrl-C.
import { existsSync } from "node:fs";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { announceDemo } from "./lib/banner.ts";
import { buildReason, runBuild } from "./lib/build.ts";
import { claimDataDir, dataDir, releaseDataDir } from "./lib/data-dir.ts";
import { connectDemoSandbox, DEMO_CHANNEL } from "./lib/demo-sandbox.ts";
import { ensureSecrets, loadEnvFile } from "./lib/env-file.ts";
import { log, message, StartError } from "./lib/log.ts";
import { isListening, waitFor } from "./lib/ports.ts";
import { resolveDatabase } from "./lib/postgres.ts";
import { resolveRedis } from "./lib/redis.ts";
import { type Child, runTogether } from "./lib/run-together.ts";
import { removeRuntimeEnv, writeRuntimeEnv } from "./lib/runtime-env.ts";
import type { Service } from "./lib/service.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const services: Service[] = [];
const setup = new AbortController();
let claimed: string | null = null;

async function main(): Promise<number> {
  process.env.NEXT_TELEMETRY_DISABLED = "1";
  process.env.CHECKPOINT_DISABLE = "1";
  const envFile = join(root, ".env.local");
  if (loadEnvFile(envFile)) log.info("loaded .env.local");
  const generated = ensureSecrets(envFile);
  if (generated.length > 0)
    log.info(`generated ${generated.join(", ")} into .env.local (kept across restarts)`);

  // one start per data directory: a second would share the embedded database, overwrite the
  // sandbox's state and runtime.env, and remove them when it stops (issue 29)
  const data = dataDir(root);
  const holder = claimDataDir(data);
  if (holder !== null) {
    throw new StartError(
      `Another \`npm start\` (pid ${holder}) runs in this checkout and keeps its data in ${data}.\n` +
        "  Stop it first, or give this one a directory and ports of its own:\n" +
        "  DATA_DIR=.data-2 PORT=3001 SANDBOX_PORT=4011 npm start",
    );
  }
  claimed = data;

  const port = portSetting("PORT", 3000);
  process.env.PORT = String(port);
  process.env.APP_URL ||= `http://localhost:${port}`;
  const sandbox = existsSync(join(root, "sandbox", "server.ts")) && process.env.SANDBOX !== "off";
  await refuseBusyPort("PORT", port);
  if (sandbox) {
    const sandboxPort = portSetting("SANDBOX_PORT", 4010);
    await refuseBusyPort("SANDBOX_PORT", sandboxPort);
    // the dashboard may point channels at the local sandbox (and its requests may reach loopback)
    process.env.WHATSAPP_GRAPH_URL_ALLOWLIST = [
      process.env.WHATSAPP_GRAPH_URL_ALLOWLIST,
      `http://127.0.0.1:${sandboxPort}`,
      `http://localhost:${sandboxPort}`,
    ]
      .filter(Boolean)
      .join(",");
  }

  const database = await resolveDatabase(root);
  services.push(database);
  process.env.DATABASE_URL = database.url;
  const redis = await resolveRedis(root);
  services.push(redis);
  process.env.REDIS_URL = redis.url;
  setup.signal.throwIfAborted();
  // what this start resolved, for every other command of this checkout (scripts/lib/runtime-env.ts)
  const sandboxUrl = sandbox ? `http://127.0.0.1:${portSetting("SANDBOX_PORT", 4010)}` : null;
  writeRuntimeEnv(root, {
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    APP_URL: process.env.APP_URL,
    PORT: String(port),
    ...(sandboxUrl ? { SANDBOX_URL: sandboxUrl } : {}),
    START_PID: String(process.pid),
  });

  // lib/ reads its configuration from process.env on first use: import it only now
  const { applyMigrations } = await import("./migrate.ts");
  const applied = await applyMigrations(database.url);
  log.info(applied.length > 0 ? `applied migrations: ${applied.join(", ")}` : "migrations: up to date");
  const appUrl = process.env.APP_URL;
  const credentialsFile = await seedDemoOnce(appUrl);
  setup.signal.throwIfAborted();

  const env = childEnv();
  const reason = buildReason(root);
  if (reason) {
    log.info(`building the web app (${reason}) …`);
    const code = await runBuild(root, env, setup.signal);
    setup.signal.throwIfAborted();
    if (code !== 0) throw new StartError("`next build` failed (its output is above).");
  }

  const node = JSON.stringify(process.execPath);
  const children: Child[] = [
    // scripts/web.ts: Next's handler on a server that drains on SIGTERM (next start does not)
    { name: "web", command: `${node} --import tsx scripts/web.ts`, color: "cyan.bold" },
    // `node --import tsx` rather than the tsx CLI: one process, no wrapper that could die alone
    { name: "worker", command: `${node} --import tsx worker/index.ts`, color: "magenta.bold" },
  ];
  if (sandbox)
    children.push({
      name: "sandbox",
      command: `${node} --import tsx sandbox/server.ts`,
      color: "yellow.bold",
      // the stand-in upstream outlives web and worker when everything stops, as Meta's would
      stopLast: true,
    });
  process.off("SIGINT", onSetupSignal);
  process.off("SIGTERM", onSetupSignal);
  log.info(`starting ${children.map((child) => child.name).join(", ")}; Ctrl-C stops everything`);
  void announceWhenReady(port, credentialsFile, appUrl, sandboxUrl);
  return runTogether(children, env, root);
}

/** Seeds the demo account on an empty database; returns the credentials file if it fits this one. */
async function seedDemoOnce(appUrl: string): Promise<string | null> {
  const { seedDemo, demoCredentialsMatch, DEMO_CREDENTIALS_FILE } = await import("./seed.ts");
  const { disconnectDb } = await import("@/lib/db");
  try {
    if (await seedDemo(appUrl)) log.info("seeded the demo account (shown below once the web app answers)");
    return (await demoCredentialsMatch()) ? DEMO_CREDENTIALS_FILE : null;
  } finally {
    await disconnectDb();
  }
}

async function announceWhenReady(
  port: number,
  credentialsFile: string | null,
  appUrl: string,
  sandboxUrl: string | null,
): Promise<void> {
  if (!(await waitFor(() => isListening("127.0.0.1", port, 300), 120_000))) return;
  if (sandboxUrl) {
    const channelId = await connectDemoSandbox(appUrl, sandboxUrl);
    if (channelId) {
      log.info(
        `sandbox upstream on ${sandboxUrl}: demo channel ${channelId} (phone number id ${DEMO_CHANNEL.phoneNumberId}); ` +
          `a customer writes: curl -s -X POST ${sandboxUrl}/_sandbox/inbound -d '{"phone_number_id":"${DEMO_CHANNEL.phoneNumberId}","from":"14155550123","message":{"type":"text","text":{"body":"hi"}}}'`,
      );
    }
  }
  if (credentialsFile) announceDemo(credentialsFile, root, appUrl);
  else log.info(`ready on ${appUrl}`);
}

/** Everything the children need, resolved once: they never guess a service on their own. */
function childEnv(): NodeJS.ProcessEnv {
  return {
    // the sandbox keeps its phone numbers, templates and customers across restarts
    SANDBOX_DATA_DIR: join(dataDir(root), "sandbox"),
    // media copies beside the rest of this start's data (lib/config.ts defaults to .data/media)
    STORAGE_DIR: join(dataDir(root), "media"),
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? "production",
    PATH: [join(root, "node_modules", ".bin"), process.env.PATH ?? ""].join(delimiter),
  };
}

function portSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new StartError(`${name} must be a port number (1-65535), got "${raw}".`);
  }
  return value;
}

async function refuseBusyPort(name: string, port: number): Promise<void> {
  if (await isListening("127.0.0.1", port, 300)) {
    throw new StartError(
      `Port ${port} (${name}) is already in use. Stop what uses it or set ${name}=<other port>.`,
    );
  }
}

async function stopServices(): Promise<void> {
  removeRuntimeEnv(root);
  for (const service of services.reverse()) {
    await service.stop().catch((error: unknown) => log.warn(`could not stop a service: ${message(error)}`));
  }
  if (claimed) releaseDataDir(claimed);
}

function onSetupSignal(signal: NodeJS.Signals): void {
  if (setup.signal.aborted) return; // one Ctrl-C arrives twice: from the terminal and relayed by tsx
  log.info(`${signal}: stopping`);
  setup.abort(new StartError(`stopped by ${signal}`));
}
process.on("SIGINT", onSetupSignal);
process.on("SIGTERM", onSetupSignal);

// Whoever started us (npm, a process manager, the tsx CLI) may end without passing a signal on:
// then we stop as if told to, instead of leaving the services running with no one to stop them.
const parent = process.ppid;
const orphanWatch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphanWatch);
  log.warn("the process that started this one is gone: stopping");
  process.kill(process.pid, "SIGTERM");
}, 1_000);
orphanWatch.unref();

main()
  .catch((error: unknown) => {
    if (setup.signal.aborted) return 130;
    // expected failures (ours, and scripts/migrate.ts's MigrateError) print their message alone
    if (error instanceof StartError || (error instanceof Error && error.name === "MigrateError")) {
      log.error(error.message);
    } else log.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return 1;
  })
  .then(async (code) => {
    await stopServices();
    process.exit(code);
  });
