/**
 * A broadcast through the real worker and the sandbox: one upstream message per recipient with
 * its own values, ordinary messages and events (with broadcastId), statuses moving recipients
 * and counts, broadcast.completed, replies.
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
import { api, eventually, inbound, randomPhone } from "@/scripts/test/helpers";
import { digits, openWindow, upstreamRequests } from "@/scripts/test/send-helpers";

describe("sending a broadcast", () => {
  it("sends each recipient one message with its values, as an ordinary message, and completes", async () => {
    const b = await readyBroadcaster();
    const talking = randomPhone();
    await openWindow(b.orgId, b.channel.phoneNumberId, talking);
    const named = await api("/v1/contacts", {
      method: "POST",
      key: b.key,
      body: { phone: randomPhone(), name: "Ana", custom_fields: { order: "A-77" } },
    });
    const phones = [talking, named.body.data.phone, randomPhone()];
    const res = await createBroadcast(b.key, {
      name: "Ready",
      template: orderShipped(
        "{{variables.store|Main}}",
        "{{contact.name|there}}",
        "{{contact.custom_fields.order|-}}",
      ),
      recipients: phones.map((to, i) => ({ to, ...(i === 2 ? { variables: { store: "Porto" } } : {}) })),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    const done = await waitForBroadcast(b.key, id, (x) => x.status === "completed" && x.counts.read === 3);
    expect(done.counts).toEqual({
      total: 3,
      pending: 0,
      sent: 3,
      held: 0,
      delivered: 3,
      read: 3,
      failed: 0,
      skipped: 0,
      replied: 0,
    });
    expect(done.completedAt).not.toBeNull();

    const rows = await allRecipients(b.key, id);
    const upstream = await upstreamRequests(b.channel.phoneNumberId);
    expect(upstream).toHaveLength(3);
    const texts = upstream.map((u) => ({
      to: `+${u.body.to}`,
      header: u.body.template.components[0].parameters[0].text,
      body: u.body.template.components[1].parameters.map((p: { text: string }) => p.text),
      opaque: u.body.biz_opaque_callback_data,
      wamid: u.id,
    }));
    const byTo = new Map(texts.map((t) => [t.to, t]));
    expect(byTo.get(phones[0] as string)).toMatchObject({ header: "Main", body: ["Sandbox User", "-"] });
    expect(byTo.get(phones[1] as string)).toMatchObject({ header: "Main", body: ["Ana", "A-77"] });
    expect(byTo.get(phones[2] as string)).toMatchObject({ header: "Porto", body: ["there", "-"] });
    for (const r of rows) {
      expect(r.status).toBe("read");
      expect(byTo.get(r.to)).toMatchObject({ opaque: r.messageId, wamid: r.whatsappMessageId });
      expect(r.sentAt && r.deliveredAt && r.readAt).toBeTruthy();
    }

    // an ordinary message: in the talking customer's open conversation, events carrying broadcastId
    const message = await db().message.findUniqueOrThrow({ where: { id: rows[0].messageId } });
    expect(message).toMatchObject({ broadcastId: id, type: "template", templateName: "order_shipped" });
    const conversation = await db().conversation.findFirst({
      where: { organizationId: b.orgId, contact: { phone: talking } },
    });
    expect(message.conversationId).toBe(conversation?.id);
    const events = await db().event.findMany({
      where: { organizationId: b.orgId, data: { path: ["broadcastId"], equals: id } },
      orderBy: { createdAt: "asc" },
    });
    const names = events.map((e) => e.name);
    expect(names.filter((n) => n === "message.sent")).toHaveLength(3);
    expect(names.filter((n) => n === "message.read")).toHaveLength(3);
    const completed = events.filter((e) => e.name === "broadcast.completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]?.data).toMatchObject({ broadcastId: id, counts: { total: 3, pending: 0, sent: 3 } });
  });

  it("a recipient who writes within 24 hours after delivery counts as replied", async () => {
    const b = await readyBroadcaster();
    const to = randomPhone();
    const res = await createBroadcast(b.key, {
      name: "Ask",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [{ to }, { to: randomPhone() }],
    });
    const id = res.body.data.id;
    await waitForBroadcast(b.key, id, (x) => x.counts.delivered === 2);
    await inbound(b.channel.phoneNumberId, digits(to), { type: "text", text: { body: "thanks!" } });
    const after = await waitForBroadcast(b.key, id, (x) => x.counts.replied === 1);
    expect(after.counts.replied).toBe(1);
    const [replied] = await allRecipients(b.key, id);
    expect(replied.to).toBe(to);
    expect(new Date(replied.repliedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(replied.deliveredAt).getTime(),
    );
    const other = (await allRecipients(b.key, id))[1];
    expect(other.repliedAt).toBeNull();
  });

  it("starts a scheduled broadcast at its time", async () => {
    const b = await readyBroadcaster();
    const at = new Date(Date.now() + 4_000);
    const res = await createBroadcast(b.key, {
      name: "Soon",
      template: { name: "plain_notice", language: { code: "en_US" } },
      recipients: [{ to: randomPhone() }],
      scheduled_at: at.toISOString(),
    });
    expect(res.body.data.status).toBe("scheduled");
    expect(await upstreamRequests(b.channel.phoneNumberId)).toHaveLength(0);
    const done = await waitForBroadcast(b.key, res.body.data.id, (x) => x.status === "completed");
    expect(new Date(done.startedAt).getTime()).toBeGreaterThanOrEqual(at.getTime());
    const [sent] = await upstreamRequests(b.channel.phoneNumberId);
    expect(new Date(sent?.received_at ?? 0).getTime()).toBeGreaterThanOrEqual(at.getTime());
    await eventually(async () => (await upstreamRequests(b.channel.phoneNumberId)).length === 1);
  });
});
