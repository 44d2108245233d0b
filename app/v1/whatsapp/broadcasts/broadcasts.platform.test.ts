/**
 * A broadcast's messages are single sends in every way the platform sees: they keep the text the
 * customer reads, skip blocked contacts (at creation and when blocked before their turn), and a
 * MARKETING template on a channel with the Marketing Messages API setting goes to that endpoint.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  createBroadcast,
  orderShipped,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { api, randomPhone } from "@/scripts/test/helpers";
import { templateFixtures, upstreamRequests } from "@/scripts/test/send-helpers";

describe("broadcast messages on today's platform", () => {
  it("each message keeps the rendered text its customer reads", async () => {
    const b = await readyBroadcaster();
    const phone = randomPhone();
    await api("/v1/contacts", { method: "POST", key: b.key, body: { phone, name: "Grace" } });
    const res = await createBroadcast(b.key, {
      name: "Rendered",
      template: orderShipped("{{variables.ref|B-9}}", "{{contact.name|there}}", "{{variables.ref|B-9}}"),
      recipients: [{ to: phone, variables: { ref: "C-42" } }, { to: randomPhone() }],
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    await waitForBroadcast(b.key, id, (x) => x.counts.pending === 0 && x.counts.sent === 2);
    const rows = await allRecipients(b.key, id);
    const messages = await db().message.findMany({
      where: { id: { in: rows.map((r) => r.messageId) } },
      select: { phone: true, renderedHeader: true, renderedBody: true },
    });
    const byPhone = new Map(messages.map((m) => [m.phone, m]));
    expect(byPhone.get(phone)).toEqual({
      phone,
      renderedHeader: "Order C-42",
      renderedBody: "Hi Grace, your order C-42 has shipped.",
    });
    const other = byPhone.get(rows[1]?.to);
    expect(other?.renderedBody).toBe("Hi there, your order B-9 has shipped.");
  });

  it("skips a contact blocked at creation, and one blocked before its turn", async () => {
    const b = await readyBroadcaster();
    const [early, late, fine] = [randomPhone(), randomPhone(), randomPhone()];
    const ids: string[] = [];
    for (const phone of [early, late, fine]) {
      const c = await api("/v1/contacts", { method: "POST", key: b.key, body: { phone } });
      expect(c.status, c.text).toBe(201);
      ids.push(c.body.data.id);
    }
    await db().contact.update({ where: { id: ids[0] }, data: { blockedAt: new Date() } });
    const res = await createBroadcast(b.key, {
      name: "Blocked",
      template: { name: "plain_notice", language: { code: "en_US" } },
      audience: { contact_ids: ids },
      scheduled_at: new Date(Date.now() + 3_000).toISOString(),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    const before = await allRecipients(b.key, id);
    expect(before.map((r) => [r.to, r.status, r.skipReason])).toEqual([
      [early, "skipped", "blocked"],
      [late, "pending", null],
      [fine, "pending", null],
    ]);
    await db().contact.update({ where: { id: ids[1] }, data: { blockedAt: new Date() } });
    const done = await waitForBroadcast(b.key, id, (x) => x.status === "completed");
    expect(done.counts).toMatchObject({ total: 3, skipped: 2, sent: 1, pending: 0, failed: 0 });
    const after = await allRecipients(b.key, id);
    expect(after.map((r) => [r.to, r.skipReason])).toEqual([
      [early, "blocked"],
      [late, "blocked"],
      [fine, null],
    ]);
    const upstream = await upstreamRequests(b.channel.phoneNumberId);
    expect(upstream.map((u) => `+${u.body.to}`)).toEqual([fine]);
  });

  it("a MARKETING template goes through /marketing_messages when the channel chose it", async () => {
    const b = await readyBroadcaster({
      templates: templateFixtures([
        {
          name: "autumn_sale",
          language: "en_US",
          status: "APPROVED",
          category: "MARKETING",
          components: [{ type: "BODY", text: "Autumn sale: 30% off." }],
        },
      ]),
      sandboxNumber: { marketing_messages_onboarded: true },
    });
    await db().channel.update({ where: { id: b.channel.channelId }, data: { marketingMessagesApi: true } });
    const res = await createBroadcast(b.key, {
      name: "Sale",
      template: { name: "autumn_sale", language: { code: "en_US" } },
      recipients: [{ to: randomPhone() }, { to: randomPhone() }],
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    await waitForBroadcast(b.key, id, (x) => x.counts.pending === 0 && x.counts.sent === 2);
    const upstream = await upstreamRequests(b.channel.phoneNumberId);
    expect(upstream).toHaveLength(2);
    for (const u of upstream) {
      expect(u).toMatchObject({
        endpoint: "marketing_messages",
        body: { type: "template", product_policy: "CLOUD_API_FALLBACK" },
      });
    }
    const rows = await allRecipients(b.key, id);
    const messages = await db().message.findMany({ where: { id: { in: rows.map((r) => r.messageId) } } });
    expect(messages.map((m) => m.upstreamApi)).toEqual(["marketing_messages", "marketing_messages"]);
    expect(messages.map((m) => m.renderedBody)).toEqual(["Autumn sale: 30% off.", "Autumn sale: 30% off."]);
  });
});
