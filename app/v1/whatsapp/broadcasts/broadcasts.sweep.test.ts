/**
 * The broadcast sweeper (every 5 s) gives every running broadcast its job again when Redis lost
 * it, however many are running: it reads them a page at a time. Told by what one sweep with a
 * page of 2 queued, against five running broadcasts of an organization whose share of drivers is
 * held, so that they stay running (their jobs wait) while the sweep reads them.
 */
import { afterAll, describe, expect, it } from "vitest";
import { sweepBroadcasts } from "@/lib/broadcasts/sweep-broadcasts";
import { db } from "@/lib/db";
import { closeQueues, queue } from "@/lib/queues";
import { createTestOrg } from "@/scripts/test/helpers";
import { holdOrgSlots } from "@/scripts/test/org-slots-helpers";
import { pausedBroadcast } from "@/scripts/test/plan-helpers";

afterAll(async () => {
  await closeQueues();
});

describe("the broadcast sweeper", () => {
  it("queues every running broadcast, past one page of them", async () => {
    const org = await createTestOrg();
    const release = await holdOrgSlots(org.orgId, "broadcasts");
    const ids: string[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        const { broadcastId } = await pausedBroadcast(org.orgId, 0, { name: `swept ${i}` });
        ids.push(broadcastId);
      }
      // running, as after a worker and Redis were lost: no job yet
      await db().broadcast.updateMany({ where: { id: { in: ids } }, data: { status: "running" } });

      const { queued } = await sweepBroadcasts(2);
      // a page of 2 read once would queue 2; every running broadcast of the installation is at
      // least these five (held: their drivers cannot start, so none completes meanwhile)
      expect(queued).toBeGreaterThanOrEqual(ids.length);
      for (const id of ids) expect(await queue("broadcasts").getJob(id), id).toBeDefined();
    } finally {
      // cancelled: their jobs end at their next run (no driver for a broadcast not running)
      await db().broadcast.updateMany({ where: { id: { in: ids } }, data: { status: "cancelled" } });
      await release();
    }
  });
});
