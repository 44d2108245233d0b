/**
 * A broadcast asks the template's category as it is when each message goes out, not as it was
 * at creation: a UTILITY template that Meta recategorized to MARKETING since skips the customers
 * who stopped marketing messages, with the reason creation gives them (opted_out).
 */
import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues } from "@/lib/queues";
import {
  allRecipients,
  createBroadcast,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { api, eventually, randomPhone, sandbox } from "@/scripts/test/helpers";
import { holdOrgSlots } from "@/scripts/test/org-slots-helpers";
import { upstreamRequests } from "@/scripts/test/send-helpers";

afterAll(async () => {
  await closeQueues();
});

describe("a template recategorized after the broadcast was created", () => {
  it("UTILITY made MARKETING: the opted-out recipient is skipped (opted_out), nothing goes upstream to them", async () => {
    const b = await readyBroadcaster();
    const [stopped, willing] = [randomPhone(), randomPhone()];
    const ids: string[] = [];
    for (const phone of [stopped, willing]) {
      const c = await api("/v1/contacts", { method: "POST", key: b.key, body: { phone } });
      expect(c.status, c.text).toBe(201);
      ids.push(c.body.data.id);
    }
    await db().contact.update({
      where: { id: ids[0] },
      data: { marketingOptOut: true, marketingOptOutAt: new Date() },
    });
    // no driver of this organization runs until the template is recategorized (as if its share
    // were taken by its other broadcasts): the order is fixed, not raced
    const release = await holdOrgSlots(b.orgId, "broadcasts");
    let id: string;
    try {
      const res = await createBroadcast(b.key, {
        name: "Notice",
        template: { name: "plain_notice", language: { code: "en_US" } },
        audience: { contact_ids: ids },
      });
      expect(res.status, res.text).toBe(201);
      id = res.body.data.id;
      // UTILITY at creation: the opted-out contact is a pending recipient
      const before = await allRecipients(b.key, id);
      expect(before.map((r) => [r.to, r.status])).toEqual([
        [stopped, "pending"],
        [willing, "pending"],
      ]);
      const moved = await sandbox("/_sandbox/template-category", "POST", {
        waba_id: b.channel.wabaId,
        name: "plain_notice",
        language: "en_US",
        new_category: "MARKETING",
      });
      expect(moved.body?.status, JSON.stringify(moved.body)).toBe(200);
      await eventually(async () => {
        const t = await db().templateTranslation.findFirst({
          where: { language: "en_US", template: { channelId: b.channel.channelId, name: "plain_notice" } },
        });
        return t?.category === "MARKETING";
      });
      expect(await upstreamRequests(b.channel.phoneNumberId)).toEqual([]);
    } finally {
      await release();
    }
    const done = await waitForBroadcast(b.key, id, (x) => x.status === "completed");
    expect(done.counts).toMatchObject({ total: 2, sent: 1, skipped: 1, pending: 0, failed: 0 });
    const after = await allRecipients(b.key, id);
    expect(after.map((r) => [r.to, r.status === "skipped", r.skipReason])).toEqual([
      [stopped, true, "opted_out"],
      [willing, false, null],
    ]);
    const upstream = await upstreamRequests(b.channel.phoneNumberId);
    expect(upstream.map((u) => `+${u.body.to}`)).toEqual([willing]);
  }, 60_000);
});
