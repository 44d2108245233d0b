import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alive, dataDir } from "./data-dir.ts";
import { loadEnvFile } from "./env-file.ts";

/**
 * What `npm start` resolved (the PostgreSQL and Redis it found or started, the web app's URL),
 * written while it runs so that every other command (the admin CLI, migrations, benchmarks,
 * `npm test`) reaches the same services with no variable set by hand. Removed when it stops.
 */
const runtimeEnvFile = (root: string) => join(dataDir(root), "runtime.env");

const KEYS = ["DATABASE_URL", "REDIS_URL", "APP_URL", "PORT", "SANDBOX_URL", "START_PID"] as const;
type RuntimeKey = (typeof KEYS)[number];
export type RuntimeEnv = Partial<Record<RuntimeKey, string>>;

export function writeRuntimeEnv(root: string, values: RuntimeEnv): void {
  const path = runtimeEnvFile(root);
  mkdirSync(dataDir(root), { recursive: true });
  const lines = KEYS.flatMap((key) => (values[key] ? [`${key}=${values[key]}`] : []));
  const header = "# written by `npm start` while it runs (the services it resolved); removed when it stops\n";
  writeFileSync(path, `${header}${lines.join("\n")}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

/** Removes the file, if it is still the one this process wrote. */
export function removeRuntimeEnv(root: string, pid = process.pid): void {
  const current = readRuntimeFile(runtimeEnvFile(root));
  if (current?.START_PID === String(pid)) rmSync(runtimeEnvFile(root), { force: true });
}

function readRuntimeFile(path: string): RuntimeEnv | null {
  if (!existsSync(path)) return null;
  const out: RuntimeEnv = {};
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    const key = KEYS.find((k) => k === match?.[1]);
    if (key && match?.[2] !== undefined) out[key] = match[2];
  }
  return out;
}

/** The services of a running `npm start` in this checkout; null when none runs (or it died). */
export function readRuntimeEnv(root: string): RuntimeEnv | null {
  const values = readRuntimeFile(runtimeEnvFile(root));
  const pid = Number(values?.START_PID);
  if (!values || !Number.isInteger(pid) || pid <= 0 || !alive(pid)) return null;
  return values;
}

/**
 * For a command run beside `npm start`: `.env.local` (its secrets), then the running start's
 * services. The environment always wins: a variable already set is kept. Answers whether a
 * running `npm start` was found.
 */
export function loadRuntimeEnv(root: string): boolean {
  loadEnvFile(join(root, ".env.local"));
  const runtime = readRuntimeEnv(root);
  if (!runtime) return false;
  for (const key of ["DATABASE_URL", "REDIS_URL", "APP_URL"] as const) {
    const value = runtime[key];
    if (value && !process.env[key]) process.env[key] = value;
  }
  return true;
}

/** `url` with another database name (PostgreSQL) or database number (Redis). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A database and a Redis database of their own for a command that needs scratch space (the
 * benchmarks): on the servers a running `npm start` uses, else on the default local ports.
 */
export function scratchServices(
  root: string,
  database: string,
  redisDatabase: number,
): { databaseUrl: string; redisUrl: string } {
  const runtime = readRuntimeEnv(root);
  return {
    databaseUrl: withDatabase(
      runtime?.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
      database,
    ),
    redisUrl: withDatabase(runtime?.REDIS_URL ?? "redis://127.0.0.1:6379", String(redisDatabase)),
  };
}
