import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { eventRetentionCutoff } from "@/lib/events/list-events";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { deleteOldestSql } from "@/lib/maintenance/delete-oldest";
import { prune, retentionRules } from "@/lib/maintenance/prune";
import { expiredEventsOf } from "@/lib/maintenance/prune-events";
import { type PlanNode, rowsRead, scansOf } from "@/scripts/test/plan-helpers";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The hourly prune: what retention says goes, in batches, and nothing else; and each batch reads
 * its table by index, not whole (a backlog of millions must not cost its size squared).
 */
const orgs = twoOrganizations("Prune");
const DAY = 86_400_000;

describe("the prune", () => {
  it("deletes in batches what is past retention and keeps the rest", async () => {
    const marker = randomUUID();
    const now = Date.now();
    const key = (n: number, expiresAt: Date) => ({
      organizationId: orgs.a,
      key: `${marker}-${n}`,
      method: "POST",
      path: "/v1/messages",
      requestHash: "h",
      expiresAt,
    });
    await db().idempotencyKey.createMany({
      data: [
        ...[1, 2, 3, 4, 5].map((n) => key(n, new Date(now - n * 60_000))),
        key(6, new Date(now + DAY)),
        key(7, new Date(now + 60_000)),
      ],
    });
    const notification = (kind: string, receivedAt: Date, processedAt: Date | null) => ({
      payload: { marker, kind },
      receivedAt,
      processedAt,
    });
    await db().upstreamNotification.createMany({
      data: [
        ...[31, 32, 33, 40, 90].map((d) =>
          notification("old", new Date(now - d * DAY), new Date(now - d * DAY + 1_000)),
        ),
        // not processed yet: the sweeper still owes it, however old
        notification("owed", new Date(now - 40 * DAY), null),
        notification("recent", new Date(now - 29 * DAY), new Date(now - 29 * DAY)),
      ],
    });

    // two a statement: several batches for each table
    const counts = await prune(30, 2);

    // the rows, not the counts: another prune (the worker's hourly one, another file's) may take
    // some of these first, and the outcome is the same
    expect(Object.keys(counts).sort()).toEqual(["attempts", "events", "idempotency", "notifications"]);
    const keys = await db().idempotencyKey.findMany({
      where: { organizationId: orgs.a, key: { startsWith: marker } },
      select: { key: true },
    });
    expect(keys.map((k) => k.key).sort()).toEqual([`${marker}-6`, `${marker}-7`]);
    const left = await db().$queryRaw<{ kind: string }[]>`
      SELECT payload->>'kind' AS kind FROM upstream_notifications WHERE payload->>'marker' = ${marker}`;
    expect(left.map((r) => r.kind).sort()).toEqual(["owed", "recent"]);
  });

  it("reads each batch by index: the rows it deletes, not the whole table", async () => {
    const ROWS = 20_000;
    const BATCH = 500;
    const plans: Record<string, PlanNode> = {};
    class Rollback extends Error {}
    await db()
      .$transaction(
        async (tx) => {
          const old = new Date(Date.now() - 60 * DAY);
          await tx.$executeRaw`
            INSERT INTO upstream_notifications (id, payload, received_at, processed_at)
            SELECT gen_random_uuid(), '{}'::jsonb, ${old}::timestamp - g * interval '1 second',
                   ${old}::timestamp - g * interval '1 second' + interval '1 second'
            FROM generate_series(1, ${ROWS}) g`;
          await tx.$executeRaw`
            INSERT INTO events (id, organization_id, name, data, created_at)
            SELECT gen_random_uuid(), ${orgs.a}::uuid, 'message.sent', '{}'::jsonb, ${old}::timestamp - g * interval '1 second'
            FROM generate_series(1, ${ROWS}) g`;
          await tx.$executeRawUnsafe("ANALYZE upstream_notifications, events");
          const statements = {
            upstream_notifications: deleteOldestSql(retentionRules(new Date()).notifications, BATCH),
            events: deleteOldestSql(expiredEventsOf(orgs.a, eventRetentionCutoff()), BATCH),
          };
          for (const [table, statement] of Object.entries(statements)) {
            const [plan] = await tx.$queryRaw<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(
              Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
            );
            const root = plan?.["QUERY PLAN"][0]?.Plan;
            if (!root) throw new Error(`no plan for ${table}`);
            plans[table] = root;
          }
          throw new Rollback();
        },
        { timeout: 120_000 },
      )
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    for (const table of ["upstream_notifications", "events"]) {
      const root = plans[table];
      if (!root) throw new Error(`no plan for ${table}`);
      const scans = scansOf(root, table);
      expect(scans.length, table).toBeGreaterThan(0);
      // the batch's ids (BATCH) and their rows by primary key (BATCH); read whole, the table
      // would give at least ROWS
      expect(Math.max(...scans.map(rowsRead)), table).toBeLessThanOrEqual(BATCH * 2);
      expect(
        scans.map((s) => s["Node Type"]),
        table,
      ).not.toContain("Seq Scan");
    }
  }, 180_000);
});
