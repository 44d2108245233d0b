import "#server-only";
import { rawExecute } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/** Rows deleted a statement: short transactions, so a prune never holds locks for long. */
export const PRUNE_BATCH = 5_000;

/**
 * Past retention in `table`: `oldest(batch)` selects the ids of at most `batch` of its oldest rows
 * past retention, in the order of the index its condition leads (so the scan stops at `batch`).
 */
export type Expired = { table: string; oldest: (batch: number) => Prisma.Sql };

/**
 * One batch: the ids read once, then their rows deleted by primary key. An uncorrelated
 * `ARRAY(SELECT …)`, not `id IN (SELECT …)`: PostgreSQL planned the `IN` as a hash semi-join over a
 * sequential scan of the whole table, every batch (events: 200,000 rows read to delete 5,000), so
 * a large backlog cost its size squared.
 */
export function deleteOldestSql(expired: Expired, batch: number): Prisma.Sql {
  return Prisma.sql`DELETE FROM ${Prisma.raw(expired.table)} WHERE id = ANY (ARRAY(${expired.oldest(batch)}))`;
}

/**
 * Batches (deleteOldestSql) until one finds fewer than `batch`: a backlog of millions (the first
 * prune after months, or after the worker was down) is many short transactions, never one that
 * holds its locks, its snapshot and its WAL for minutes. Answers how many rows went.
 */
export async function deleteOldest(expired: Expired, batch = PRUNE_BATCH): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await rawExecute(deleteOldestSql(expired, batch));
    deleted += n;
    if (n < batch) return deleted;
  }
}
