import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { linkRecipientsSql, lockDueRecipients } from "@/lib/broadcasts/repository/sending";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { type PlanNode, pausedBroadcast, rowsRead, scansOf } from "@/scripts/test/plan-helpers";
import { twoOrganizations } from "@/scripts/test/two-organizations";

/**
 * The broadcast driver's link of claimed recipients to their messages reads the batch's rows and
 * no others, whatever the statistics say (docs/benchmarks.md, "The doubling found"). A broadcast's
 * recipients grow faster than they are analyzed: here the table is analyzed while the broadcast
 * has one recipient, then RECIPIENTS more are added, as a running broadcast looks to the planner.
 * Joined with the batch and filtered by the organization, the statement hashed every recipient of
 * the broadcast for each batch. The statement's own plan, run (EXPLAIN ANALYZE, rolled back), says
 * how many rows each of its scans of the table read; nothing is timed.
 */
const RECIPIENTS = 4_000;
const BATCH = 200;

const orgs = twoOrganizations("Broadcast plan");
let broadcastId = "";

beforeAll(async () => {
  const org = orgs.a;
  ({ broadcastId } = await pausedBroadcast(org, RECIPIENTS + 1));
  const row = (seq: number) => ({
    broadcastId,
    seq,
    organizationId: org,
    status: "pending" as const,
    phone: `+1555${String(seq).padStart(7, "0")}`,
  });
  await db().broadcastRecipient.create({ data: row(0) });
  await db().$executeRawUnsafe("ANALYZE broadcast_recipients");
  await db().broadcastRecipient.createMany({
    data: Array.from({ length: RECIPIENTS }, (_, i) => row(i + 1)),
  });
});

class Rollback extends Error {}

describe("the link of a claimed batch", () => {
  it("reads the batch's rows, not the broadcast's", async () => {
    let scans: number[] = [];
    let due = 0;
    await db()
      .$transaction(async (tx) => {
        const rows = await lockDueRecipients(orgs.a, broadcastId, { limit: BATCH, now: new Date() }, tx);
        due = rows.length;
        const outcomes = rows.map((r) => ({
          seq: r.seq,
          messageId: randomUUID(),
          skip: null,
          phone: r.phone,
        }));
        // six runs: PostgreSQL may give a prepared statement its generic plan from the sixth
        // execution on, and the driver's long-lived connections get there
        for (let i = 0; i < 6; i++) {
          const [plan] = await tx.$queryRaw<{ "QUERY PLAN": { Plan: PlanNode }[] }[]>(
            Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${linkRecipientsSql(orgs.a, broadcastId, outcomes)}`,
          );
          const root = plan?.["QUERY PLAN"][0]?.Plan;
          if (!root) throw new Error("no plan");
          scans = [...scans, ...scansOf(root, "broadcast_recipients").map(rowsRead)];
        }
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(due).toBe(BATCH);
    expect(scans.length).toBeGreaterThan(0);
    // by key: the batch's rows; hashing or scanning the broadcast read its RECIPIENTS + 1
    expect(Math.max(...scans)).toBeLessThanOrEqual(BATCH);
  });
});
