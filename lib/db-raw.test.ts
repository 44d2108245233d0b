import { afterAll, describe, expect, it } from "vitest";
import { db, disconnectDb, rawExecute, rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

// node-postgres reads a `timestamp` and a `date` in the process's time zone, Prisma in UTC: a
// zone that is not UTC is what tells the two apart (this file has a process of its own)
const zone = process.env.TZ;
process.env.TZ = "America/Sao_Paulo";

afterAll(async () => {
  process.env.TZ = zone;
  await disconnectDb();
});

/** one row of every type our raw statements read, with parameters of every kind they send */
function everyType(at: Date, day: Date, ids: string[]): Prisma.Sql {
  return Prisma.sql`SELECT
    ${at}::timestamp AS ts, ${at}::timestamptz AS tstz, ${day}::date AS day,
    ARRAY[${at}::timestamp, NULL] AS ts_array, ARRAY[${day}::date] AS day_array,
    ${"9007199254740993"}::int8 AS big, ARRAY[1::int8, NULL, 3::int8] AS big_array, count(*) AS counted,
    ${"12.3400"}::numeric AS num, 7::int AS small, 2.5::float8 AS real, true AS yes, NULL::text AS nothing,
    ${ids}::uuid[] AS uuids, ${ids}::text[] AS texts, ${ids[0]}::uuid AS uuid,
    ${JSON.stringify({ a: [1, "x"], b: null })}::jsonb AS doc, '{"k":1}'::json AS plain_json,
    'sent'::text AS status, ${"ünïcødé 🚀"} AS text, ${42} AS param_number, ${true}::boolean AS param_bool`;
}

describe("rawQuery answers as db().$queryRaw does", () => {
  it("reads every type the same way, parameters included", async () => {
    const at = new Date(Date.UTC(2026, 10, 30, 23, 59, 58, 123));
    const day = new Date(Date.UTC(2026, 1, 28));
    const ids = ["6f1c5d1e-8a44-4b59-9a43-1d5c3a2b8e01", "0b2a7c44-3d3e-4f7a-8a8e-5b1e2c9d0f02"];
    const viaPrisma = await db().$queryRaw<Record<string, unknown>[]>(everyType(at, day, ids));
    const direct = await rawQuery<Record<string, unknown>[]>(everyType(at, day, ids));
    expect(direct).toEqual(viaPrisma);
    const [row] = direct;
    // and what they are, so that both changing alike still fails here
    expect(row?.ts).toEqual(at);
    expect(row?.tstz).toEqual(at);
    expect(row?.day).toEqual(day);
    expect(row?.ts_array).toEqual([at, null]);
    expect(row?.big).toBe(9007199254740993n);
    expect(row?.counted).toBe(1n);
    expect(String(row?.num)).toBe("12.34");
    expect(row?.uuids).toEqual(ids);
    expect(row?.doc).toEqual({ a: [1, "x"], b: null });
    expect(row?.text).toBe("ünïcødé 🚀");
  });

  it("sends the first and the last Date as Prisma does (an open range's ends)", async () => {
    const first = new Date(0);
    const last = new Date(8_640_000_000_000_000); // year 275760: toISOString writes it "+275760-…"
    const range = (from: Date, to: Date) =>
      Prisma.sql`SELECT ${from}::timestamp AS from_ts, ${to}::timestamp > now()::timestamp AS to_later,
        now()::timestamp >= ${from} AND now()::timestamp < ${to} AS inside`;
    const viaPrisma = await db().$queryRaw<Record<string, unknown>[]>(range(first, last));
    const direct = await rawQuery<Record<string, unknown>[]>(range(first, last));
    expect(direct).toEqual(viaPrisma);
    expect(direct).toEqual([{ from_ts: first, to_later: true, inside: true }]);
  });

  it("takes a tagged template, reuses a named statement, and counts what rawExecute touched", async () => {
    for (let i = 0; i < 5; i++) {
      const rows = await rawQuery<{ n: number }[]>`SELECT ${i}::int AS n`;
      expect(rows).toEqual([{ n: i }]);
    }
    const touched = await rawExecute`SELECT generate_series(1, ${3}::int)`;
    expect(touched).toBe(3);
  });

  it("throws PostgreSQL's error with its SQLSTATE", async () => {
    await expect(rawQuery`SELECT 1 / ${0}::int`).rejects.toMatchObject({ code: "22012" });
  });
});
