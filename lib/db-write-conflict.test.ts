import { afterAll, describe, expect, it } from "vitest";
import { isUnavailableError } from "@/lib/api/unavailable";
import { db, disconnectDb, rawQuery } from "@/lib/db";
import { isWriteConflict, retryOnWriteConflict } from "@/lib/db-errors";

afterAll(async () => {
  await db().$executeRawUnsafe("DROP TABLE IF EXISTS db_conflict_test");
  await disconnectDb();
});

/**
 * Two transactions that lock the same two rows in opposite orders: each holds its first row until
 * the other has taken its own, so PostgreSQL must break the deadlock by rolling one back (40P01).
 */
async function opposite(table: string, retry: boolean): Promise<PromiseSettledResult<string>[]> {
  let held = 0;
  const bothHeld = new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (held >= 2) {
        clearInterval(check);
        resolve();
      }
    }, 5);
  });
  const run = (first: number, second: number) => {
    let mine = false;
    const work = () =>
      db().$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE ${table} SET n = n + 1 WHERE id = ${first}`);
        if (!mine) {
          mine = true;
          held++;
          await bothHeld;
        }
        await tx.$executeRawUnsafe(`UPDATE ${table} SET n = n + 1 WHERE id = ${second}`);
        return `${first}->${second}`;
      });
    return retry ? retryOnWriteConflict(work) : work();
  };
  return Promise.allSettled([run(1, 2), run(2, 1)]);
}

describe("write conflicts", () => {
  it("a deadlock through Prisma's transaction is a write conflict; retried, both transactions commit", async () => {
    await db().$executeRawUnsafe("DROP TABLE IF EXISTS db_conflict_test");
    await db().$executeRawUnsafe("CREATE TABLE db_conflict_test (id int PRIMARY KEY, n int NOT NULL)");
    await db().$executeRawUnsafe("INSERT INTO db_conflict_test VALUES (1, 0), (2, 0)");

    const bare = await opposite("db_conflict_test", false);
    const failed = bare.filter((r) => r.status === "rejected");
    expect(failed).toHaveLength(1);
    const reason = (failed[0] as PromiseRejectedResult).reason;
    expect(isWriteConflict(reason)).toBe(true);
    // not an outage: the API answers it as a conflict to retry, not as PostgreSQL unreachable
    expect(isUnavailableError(reason)).toBe(false);

    const retried = await opposite("db_conflict_test", true);
    expect(retried.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
    // the first pair committed one transaction (2 updates), the second both (4): nothing half-written
    const rows = await rawQuery<{ id: number; n: number }[]>`SELECT id, n FROM db_conflict_test ORDER BY id`;
    expect(rows).toEqual([
      { id: 1, n: 3 },
      { id: 2, n: 3 },
    ]);
  });

  it("through node-postgres too (rawQuery's errors carry the SQLSTATE), and nothing else is one", async () => {
    expect(isWriteConflict(Object.assign(new Error("deadlock detected"), { code: "40P01" }))).toBe(true);
    expect(isWriteConflict(Object.assign(new Error("could not serialize"), { code: "40001" }))).toBe(true);
    expect(isWriteConflict(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isWriteConflict(new Error("Unable to start a transaction in the given time."))).toBe(false);
    expect(isUnavailableError(new Error("Unable to start a transaction in the given time."))).toBe(true);
    let calls = 0;
    await expect(
      retryOnWriteConflict(async () => {
        calls++;
        throw Object.assign(new Error("duplicate key"), { code: "23505" });
      }),
    ).rejects.toThrow("duplicate key");
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retryOnWriteConflict(async () => {
        calls++;
        throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
      }, 3),
    ).rejects.toThrow("deadlock detected");
    expect(calls).toBe(3);
  });
});
