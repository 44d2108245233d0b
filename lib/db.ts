import "#server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { config } from "@/lib/config";
import { statementNames } from "@/lib/db-statement-names";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { db?: PrismaClient; pool?: pg.Pool };

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
  // the adapter's type wants a name for every statement; node-postgres runs one without a name unprepared
  const statementNameGenerator = name && ((query: { sql: string }) => name(query.sql) as string);
  return new PrismaClient({
    adapter: new PrismaPg(pool, statementNameGenerator ? { statementNameGenerator } : {}),
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

export async function disconnectDb(): Promise<void> {
  await globalForDb.db?.$disconnect();
  globalForDb.db = undefined;
  // the adapter does not end a pool it was given
  await globalForDb.pool?.end().catch(() => undefined);
  globalForDb.pool = undefined;
}
