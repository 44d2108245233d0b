import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { sweepUpstream } from "@/lib/inbound/sweep-upstream";
import { closeQueues, queue } from "@/lib/queues";
import { eventually } from "@/scripts/test/helpers";
import { inboundCustomer, inboundEvent, inboundNotification } from "@/scripts/test/inbound-helpers";

afterAll(async () => {
  await closeQueues();
});

/** A stored notification whose job was lost (Redis flushed, web died between the insert and the enqueue). */
async function lostNotification(ageMs: number) {
  const c = await inboundCustomer();
  const { wamid, body } = inboundNotification(
    c.channel.phoneNumberId,
    { profile: { name: "Hal" }, wa_id: c.from },
    { from: c.from, type: "text", text: { body: "lost and found" } },
  );
  const row = await db().upstreamNotification.create({
    data: { payload: body as Prisma.InputJsonValue, receivedAt: new Date(Date.now() - ageMs) },
  });
  return { c, wamid, rowId: row.id };
}

/**
 * The upstream jobs still to run, or running, for a stored notification (the sweeper names them
 * `<row id>-sweep-<time>`). Once none is left, every job queued for it has run.
 */
async function unfinishedJobsOf(rowId: string): Promise<number> {
  const jobs = await queue("upstream").getJobs(["wait", "active", "delayed", "prioritized"]);
  return jobs.filter((j) => j.id?.startsWith(`${rowId}-sweep-`)).length;
}

describe("sweepUpstream", () => {
  it("an unprocessed notification older than a minute is queued again and processed", async () => {
    const { c, wamid, rowId } = await lostNotification(90_000);
    const swept = await sweepUpstream();
    expect(swept.requeued).toBeGreaterThanOrEqual(1);

    const data = await inboundEvent(c.orgId, wamid);
    expect(data).toMatchObject({ whatsappMessageId: wamid, content: { text: "lost and found" } });
    const row = await eventually(async () => {
      const r = await db().upstreamNotification.findUniqueOrThrow({ where: { id: rowId } });
      return r.processedAt ? r : undefined;
    });
    expect(row.error).toBeNull();
  });

  it("a notification received seconds ago is left alone (its own job may still be on the way)", async () => {
    const { wamid, rowId } = await lostNotification(5_000);
    await sweepUpstream();
    // the sweep queues before it returns: no job names the row, and none ran (still unprocessed)
    expect(await unfinishedJobsOf(rowId)).toBe(0);
    const row = await db().upstreamNotification.findUniqueOrThrow({ where: { id: rowId } });
    expect(row.processedAt).toBeNull();
    expect(await db().message.count({ where: { whatsappMessageId: wamid } })).toBe(0);
    // clean up: the worker's own sweep would pick it up within a minute anyway
    await db().upstreamNotification.delete({ where: { id: rowId } });
  });

  it("sweeping twice queues it twice, yet one message and one message.inbound are stored", async () => {
    const { c, wamid, rowId } = await lostNotification(120_000);
    await sweepUpstream();
    // the scenario: the second sweep's job id (`<row>-sweep-<ms>`) differs from the first's
    await new Promise((r) => setTimeout(r, 5));
    await sweepUpstream();
    await inboundEvent(c.orgId, wamid);
    await eventually(
      async () => (await db().upstreamNotification.findUnique({ where: { id: rowId } }))?.processedAt,
    );
    // both jobs have run: a duplicate would be stored by now
    await eventually(async () => (await unfinishedJobsOf(rowId)) === 0);
    expect(await db().message.count({ where: { whatsappMessageId: wamid } })).toBe(1);
    const inbound = await db().event.count({
      where: {
        organizationId: c.orgId,
        name: "message.inbound",
        data: { path: ["whatsappMessageId"], equals: wamid },
      },
    });
    expect(inbound).toBe(1);
  });

  it("an unrecognized notification is marked processed with why, beside a recognized one marked without", async () => {
    const clean = await lostNotification(90_000);
    const odd = await db().upstreamNotification.create({
      data: {
        payload: { object: "whatsapp_business_account", entry: "not a list" },
        receivedAt: new Date(Date.now() - 90_000),
      },
    });
    await sweepUpstream();
    const processed = async (id: string) =>
      eventually(async () => {
        const r = await db().upstreamNotification.findUniqueOrThrow({ where: { id } });
        return r.processedAt ? r : undefined;
      });
    expect((await processed(odd.id)).error).toBe("unrecognized notification shape");
    expect((await processed(clean.rowId)).error).toBeNull();
  });
});
