// Reaching the PostgreSQL server named by a connection string, with one-line errors, and creating
// the database when it does not exist yet (Prisma's `migrate deploy` does not, but our start
// command and test setup want a fresh machine to just work).
import pg from "pg";

/** An expected failure: the CLI prints its message alone and exits 1. */
export class MigrateError extends Error {
  override name = "MigrateError";
}

const CONNECT_TIMEOUT_MS = 5000;

type Target = { url: URL; database: string; server: string };

export function parseDatabaseUrl(databaseUrl: string): Target {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new MigrateError("DATABASE_URL is not a valid URL (expected postgresql://user@host:port/database)");
  }
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") {
    throw new MigrateError(`DATABASE_URL must start with postgresql:// (got ${url.protocol}//)`);
  }
  const database = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (database === "") throw new MigrateError("DATABASE_URL names no database (…/<database> at the end)");
  // Never echo credentials: only the host part goes into messages.
  const server = url.host !== "" ? url.host : (url.searchParams.get("host") ?? "localhost");
  return { url, database, server };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function oneLine(error: unknown): string {
  // "localhost" tried over IPv6 and IPv4 fails as an AggregateError with an empty message.
  if (error instanceof AggregateError && error.errors.length > 0) return oneLine(error.errors[0]);
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split("\n")[0] ?? "";
  return first !== "" ? first : (errorCode(error) ?? "unknown error");
}

async function probe(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    await client.query("SELECT 1");
  } finally {
    await client.end().catch(() => undefined);
  }
}

function withDatabase(url: URL, database: string): string {
  const copy = new URL(url.href);
  copy.pathname = `/${encodeURIComponent(database)}`;
  return copy.href;
}

async function createDatabase(target: Target): Promise<void> {
  const client = new pg.Client({
    connectionString: withDatabase(target.url, "postgres"),
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    await client.connect();
    await client.query(`CREATE DATABASE "${target.database.replaceAll('"', '""')}"`);
  } catch (error) {
    // 42P04: created meanwhile by a concurrent run; 23505: the same race, seen from pg_database.
    const code = errorCode(error);
    if (code === "42P04" || code === "23505") return;
    throw new MigrateError(
      `cannot create database "${target.database}" on ${target.server}: ${oneLine(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Checks that the server answers; creates the database if `create` and it is missing.
 * Returns a connection string that works: the database itself, or (when not creating) the
 * server's `postgres` database if the named one does not exist.
 */
export async function ensureDatabase(databaseUrl: string, options: { create: boolean }): Promise<string> {
  const target = parseDatabaseUrl(databaseUrl);
  try {
    await probe(databaseUrl);
    return databaseUrl;
  } catch (error) {
    if (errorCode(error) !== "3D000") {
      throw new MigrateError(`cannot connect to PostgreSQL at ${target.server}: ${oneLine(error)}`);
    }
  }
  if (!options.create) return withDatabase(target.url, "postgres");
  await createDatabase(target);
  return databaseUrl;
}

/**
 * Drops and creates a scratch database (tests, benchmarks). Refuses a name without `marker`
 * in it, so that a mistaken URL never wipes real data.
 */
export async function recreateDatabase(url: string, marker: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name) || !name.includes(marker)) {
    throw new Error(`refusing to recreate ${name}: its name must contain "${marker}"`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
