import "#server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "@/lib/config";
import { statementNames } from "@/lib/db-statement-names";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client.ts";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as {
  db?: PrismaClient;
  pool?: pg.Pool;
  statementName?: (sql: string) => string | undefined;
};

function createClient(): PrismaClient {
  // our own pool, handed to the adapter, so that its use can be read (GET /metrics)
  const pool = new pg.Pool({
    connectionString: config().DATABASE_URL,
    // fail within seconds while PostgreSQL is unreachable (503), yet wait out a busy pool
    connectionTimeoutMillis: 5_000,
    max: config().DATABASE_POOL_SIZE,
  });
  // an idle connection that breaks (PostgreSQL restarted) is dropped, not thrown at the process
  pool.on("error", () => undefined);
  globalForDb.pool = pool;
  const prepared = config().DATABASE_PREPARED_STATEMENTS;
  const name = prepared > 0 ? statementNames({ after: 3, max: prepared }) : undefined;
  // one namer for the adapter's statements and rawQuery's: a name is prepared once per connection
  globalForDb.statementName = name;
  // the adapter's type wants a name for every statement; node-postgres runs one without a name unprepared
  const statementNameGenerator = name && ((query: { sql: string }) => name(query.sql) as string);
  return new PrismaClient({
    adapter: new PrismaPg(pool, statementNameGenerator ? { statementNameGenerator } : {}),
    // Prisma's defaults (2 s to start a transaction, 5 s to finish it) gave up on a busy pool
    // sooner than a single statement does (connectionTimeoutMillis), and its "Unable to start a
    // transaction" was answered 500: a broadcast's cancel answered 500 in CI at a load over 15
    // (that, or a deadlock, which control-broadcast.ts now retries). Starting one waits as long as
    // a statement would; finishing one has room for its locks (a cancel waits for the batch being
    // claimed). Still a limit for a hung transaction, answered 503 (unavailable.ts).
    transactionOptions: { maxWait: 5_000, timeout: 15_000 },
  });
}

/** Connections of this process's pool: open, idle, and requests waiting for one. */
export function dbPoolStats(): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = globalForDb.pool;
  if (!pool) return null;
  return {
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/** The process-wide Prisma client (created on first use, so builds need no database). */
export function db(): PrismaClient {
  globalForDb.db ??= createClient();
  return globalForDb.db;
}

/**
 * The columns PostgreSQL sends as text that node-postgres would read otherwise than Prisma's
 * `$queryRaw` answers them: a `timestamp` (no time zone; Prisma's `DateTime`) is UTC, a `date`
 * is UTC midnight, an `int8` is a BigInt, a `numeric` a Decimal. Every other type is
 * node-postgres's own reading, which is Prisma's (text, numbers, booleans, json, uuid, arrays).
 */
const utcTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const utcDate = (text: string) => new Date(`${text}T00:00:00Z`);
// text[]'s reading (oid 1009): the elements of any array, as text
const textArray = (pg.types.getTypeParser as (oid: number) => (text: string) => (string | null)[])(1009);
const asArray =
  <T>(element: (text: string) => T) =>
  (text: string): (T | null)[] =>
    textArray(text).map((v) => (v === null ? null : element(v)));
const RAW_PARSERS: Record<number, (text: string) => unknown> = {
  20: (text) => BigInt(text),
  1016: asArray((text) => BigInt(text)),
  1700: (text) => new Prisma.Decimal(text),
  1114: utcTimestamp,
  1115: asArray(utcTimestamp),
  1082: utcDate,
  1182: asArray(utcDate),
};
const rawTypes = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    (format ?? "text") === "text" && RAW_PARSERS[oid]
      ? RAW_PARSERS[oid]
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A Date as Prisma's PostgreSQL adapter writes it (`YYYY-MM-DD HH:MM:SS[.mmm]`, UTC, the year
 * padded to four digits and never signed): not toISOString, whose years past 9999 are written
 * `+275760-…`, which PostgreSQL refuses (the Flows list's open range ends at the last Date).
 */
function utcText(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  const ms = date.getUTCMilliseconds();
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}` +
    (ms ? `.${pad(ms, 3)}` : "")
  );
}

/** A parameter as Prisma's adapter would send it: a Date in UTC, a BigInt as its digits. */
function rawValue(value: unknown): unknown {
  if (value instanceof Date) return utcText(value);
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(rawValue);
  return value;
}

/**
 * A raw statement run on the process's pool by node-postgres itself, answered as
 * `db().$queryRaw` answers it (the same rows, the same JavaScript types, the same prepared
 * statement names), without Prisma's request pipeline: its serialization of the parameters,
 * its interpreter and its deserialization of the rows cost about 0.1 ms of CPU a statement
 * (measured: 120–170 µs a `$queryRaw` against 46–56 µs through node-postgres, same statement),
 * which the hot paths (a send, a status, an inbound message, a delivery) pay for each of their
 * statements. For statements outside a transaction; one inside `db().$transaction` stays on
 * its `tx`. Errors are node-postgres's (a PostgreSQL error carries its SQLSTATE as `code`,
 * which lib/api/unavailable.ts reads as Prisma's).
 */
export async function rawQuery<T = unknown>(query: Prisma.Sql): Promise<T>;
export async function rawQuery<T = unknown>(strings: TemplateStringsArray, ...values: unknown[]): Promise<T>;
export async function rawQuery<T = unknown>(
  first: Prisma.Sql | TemplateStringsArray,
  ...rest: unknown[]
): Promise<T> {
  return (await runRaw(first, rest)).rows as T;
}

/** rawQuery for a statement whose rows are not read (`$executeRaw`): answers how many rows it touched. */
export async function rawExecute(query: Prisma.Sql): Promise<number>;
export async function rawExecute(strings: TemplateStringsArray, ...values: unknown[]): Promise<number>;
export async function rawExecute(
  first: Prisma.Sql | TemplateStringsArray,
  ...rest: unknown[]
): Promise<number> {
  return (await runRaw(first, rest)).rowCount ?? 0;
}

async function runRaw(first: Prisma.Sql | TemplateStringsArray, rest: unknown[]): Promise<pg.QueryResult> {
  const query = first instanceof Prisma.Sql ? first : Prisma.sql(first, ...rest);
  db(); // creates the pool (and the statement namer) on first use
  const pool = globalForDb.pool as pg.Pool;
  return pool.query({
    name: globalForDb.statementName?.(query.text),
    text: query.text,
    values: query.values.map(rawValue),
    types: rawTypes,
  });
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.db?.$disconnect();
  globalForDb.db = undefined;
  // the adapter does not end a pool it was given
  await globalForDb.pool?.end().catch(() => undefined);
  globalForDb.pool = undefined;
}
