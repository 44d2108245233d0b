import { beforeAll, describe, expect, it } from "vitest";
import { reviveOrphansSql } from "@/lib/broadcasts/sweep-broadcasts";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { type PlanNode, pausedBroadcast, rowsRead, scansOf } from "@/scripts/test/plan-helpers";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The sweeper's revival of orphaned recipients reads the queued messages once, whatever the
 * statistics say. A broadcast's recipients and messages grow faster than they are analyzed: here
 * both tables are analyzed while the broadcast's one recipient is sent (none pending, none
 * queued), then RECIPIENTS more are added with queued messages, as a running broadcast looks to the
 * planner, and the plan is the generic one a long-lived connection's prepared statement gets.
 * Written as a join, the statement took the recipients as the outer side and scanned the queued
 * messages once per recipient (bench:broadcast: one sweep ran for minutes; docs/benchmarks.md,
 * eleventh sitting); the shape it has now cannot, whatever the statistics (the test database's own
 * did not lead the old join there). Everything happens in a transaction that
 * is rolled back (the suite's own sweeper never sees the rows); nothing is timed: the plan, run
 * (EXPLAIN ANALYZE), says how many rows each scan read.
 */
const RECIPIENTS = 1_500;

const orgs = twoOrganizations("Sweep plan");
let broadcastId = "";
let channelId = "";
let contactId = "";

beforeAll(async () => {
  ({ channelId, broadcastId } = await pausedBroadcast(orgs.a, RECIPIENTS + 1));
  contactId = (await db().contact.create({ data: { organizationId: orgs.a, phone: "+15550001234" } })).id;
});

/** `count` recipients from `from` on, each with its message (queued unless `sent`), stored `ageMs` ago. */
function orphans(tx: Prisma.TransactionClient, from: number, count: number, ageMs: number, sent = false) {
  return tx.$executeRaw`
    WITH m AS (
      INSERT INTO messages (id, organization_id, channel_id, contact_id, direction, type, content, status,
                            broadcast_id, created_at, updated_at)
      SELECT gen_random_uuid(), ${orgs.a}::uuid, ${channelId}::uuid, ${contactId}::uuid, 'outbound', 'template',
             '{}'::jsonb, ${sent ? "sent" : "queued"}::"MessageStatus", ${broadcastId}::uuid,
             ${new Date(Date.now() - ageMs)}, now()
      FROM generate_series(1, ${count})
      RETURNING id
    )
    INSERT INTO broadcast_recipients (broadcast_id, seq, organization_id, status, phone, message_id)
    SELECT ${broadcastId}::uuid, ${from} + row_number() OVER (), ${orgs.a}::uuid,
           ${sent ? "sent" : "pending"}::"BroadcastRecipientStatus", '+15550001234', m.id
    FROM m`;
}

class Rollback extends Error {}

describe("the sweeper's revival of orphaned recipients", () => {
  it("reads the queued messages once and the recipients by their message, not one per other", async () => {
    let messageScans: PlanNode[] = [];
    let recipientScans: PlanNode[] = [];
    let revived = 0;
    await db()
      .$transaction(
        async (tx) => {
          // analyzed while the broadcast's one recipient is sent: none pending, none queued
          await orphans(tx, 0, 1, 60_000, true);
          await tx.$executeRawUnsafe("ANALYZE broadcast_recipients, messages");
          // half of them orphans (stored over 30 s ago), half young (a driver still has them)
          await orphans(tx, 1, RECIPIENTS / 2, 60_000);
          await orphans(tx, 1 + RECIPIENTS / 2, RECIPIENTS / 2, 0);
          // the plan a long-lived connection's prepared statement keeps: generic, made on the
          // statistics above (an EXPLAIN with bound values would plan for those values)
          const statement = reviveOrphansSql(new Date());
          await tx.$executeRawUnsafe("SET LOCAL plan_cache_mode = force_generic_plan");
          await tx.$executeRawUnsafe(`PREPARE sweep_plan AS ${statement.text}`);
          // EXECUTE's arguments cannot be bound parameters: the statement's values (times) as literals
          const literals = statement.values
            .map((v) => `'${(v as Date).toISOString()}'::timestamptz`)
            .join(", ");
          const [plan] = await tx.$queryRawUnsafe<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(
            `EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE sweep_plan(${literals})`,
          );
          const root = plan?.["QUERY PLAN"][0]?.Plan;
          if (!root) throw new Error("no plan");
          messageScans = scansOf(root, "messages");
          recipientScans = scansOf(root, "broadcast_recipients");
          revived = await tx.broadcastRecipient.count({ where: { broadcastId, retryAt: { not: null } } });
          throw new Rollback();
        },
        { timeout: 120_000 },
      )
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    // the orphans are due again, the young ones are not
    expect(revived).toBe(RECIPIENTS / 2);
    expect(messageScans.length).toBeGreaterThan(0);
    // the queued messages once (one loop), however many other queued messages the shared
    // database holds; read per recipient, it would be about RECIPIENTS times the orphans
    expect(messageScans.map((scan) => scan["Actual Loops"])).toEqual(messageScans.map(() => 1));
    expect(Math.max(...messageScans.map(rowsRead))).toBeLessThan(RECIPIENTS * 4);
    // the recipients by key: the orphans' own rows
    expect(Math.max(...recipientScans.map(rowsRead))).toBeLessThanOrEqual(RECIPIENTS / 2);
  }, 180_000);
});
