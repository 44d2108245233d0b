import "#server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { config } from "@/lib/config";
import { PrismaClient } from "@/lib/generated/prisma/client.ts";

export type Db = PrismaClient;

const globalForDb = globalThis as unknown as { db?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: config().DATABASE_URL,
    // fail within seconds while PostgreSQL is unreachable (503), yet wait out a busy pool
    connectionTimeoutMillis: 5_000,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
  });
  return new PrismaClient({ adapter });
}

/** The process-wide Prisma client (created on first use, so builds need no database). */
export function db(): PrismaClient {
  globalForDb.db ??= createClient();
  return globalForDb.db;
}

export async function disconnectDb(): Promise<void> {
  await globalForDb.db?.$disconnect();
  globalForDb.db = undefined;
}
