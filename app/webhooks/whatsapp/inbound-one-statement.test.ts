/**
 * An ordinary customer's message is stored by one statement (lib/inbound/repository/ordinary-inbound.ts):
 * the same rows and events as the full transaction, all or nothing, once per upstream id, and
 * one open conversation however many of the customer's messages arrive at once.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { eventually } from "@/scripts/test/helpers";
import {
  customerWrites,
  eventsNamed,
  expectInboundData,
  ISO_RE,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  postNotification,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";

const TEXT = { type: "text", text: { body: "Where is my order?" } };

async function knownCustomer() {
  const c = await inboundCustomer();
  const before = new Date(Date.now() - 3600_000);
  const contact = await db().contact.create({
    data: { organizationId: c.orgId, phone: c.phone, name: "Known", lastInboundAt: before },
  });
  return { ...c, contact, before };
}

async function webhookFor(orgId: string, events: string[]) {
  return db().webhook.create({
    data: {
      id: `wbk_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
      organizationId: orgId,
      name: "inbound",
      url: "http://127.0.0.1:9/hook",
      events,
    },
  });
}

describe("a customer's message in one statement", () => {
  it("opens a conversation, moves the window and the channel's lastActiveAt, emits conversation.opened then message.inbound with their deliveries", async () => {
    const c = await knownCustomer();
    const webhook = await webhookFor(c.orgId, ["conversation.opened", "message.inbound"]);
    const wamid = await customerWrites(c, TEXT);
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "text" });
    expect(content).toStrictEqual({ text: "Where is my order?" });
    expect(data.contactId).toBe(c.contact.id);

    const contact = await db().contact.findUniqueOrThrow({ where: { id: c.contact.id } });
    expect(contact.lastInboundAt?.getTime()).toBeGreaterThan(c.before.getTime());
    expect(contact.profileName).toBe("Sandbox User");
    expect(contact.name).toBe("Known");
    const conversations = await db().conversation.findMany({ where: { organizationId: c.orgId } });
    expect(conversations.map((v) => [v.id, v.contactId, v.channelId, v.status])).toEqual([
      [data.conversationId, c.contact.id, c.channel.channelId, "open"],
    ]);
    const opened = await eventsNamed(c.orgId, "conversation.opened");
    expect(opened.map((e) => e.data)).toStrictEqual([
      {
        conversationId: data.conversationId,
        contactId: c.contact.id,
        channelId: c.channel.channelId,
        status: "open",
        timestamp: expect.stringMatching(ISO_RE),
      },
    ]);
    expect(await eventsNamed(c.orgId, "contact.created")).toHaveLength(0);
    const deliveries = await db().delivery.findMany({
      where: { webhookId: webhook.id },
      include: { event: { select: { name: true } } },
    });
    expect(deliveries.map((d) => d.event.name).sort()).toEqual(["conversation.opened", "message.inbound"]);
    expect(deliveries.every((d) => /^wh_\d+_[0-9a-f]{16}$/.test(d.id))).toBe(true);
    const channel = await db().channel.findUniqueOrThrow({ where: { id: c.channel.channelId } });
    expect(channel.lastActiveAt).not.toBeNull();
    // the notification of this one message was marked processed by the same statement
    await waitProcessed(wamid, 1);
  });

  it("continues the open conversation: no second conversation.opened; the sender's user id is kept from the contact", async () => {
    const c = await knownCustomer();
    await db().contact.update({ where: { id: c.contact.id }, data: { bsuid: "US.known1", username: "kn" } });
    const first = await inboundEvent(c.orgId, await customerWrites(c, TEXT));
    const second = await inboundEvent(
      c.orgId,
      await customerWrites(c, { type: "text", text: { body: "hello?" } }),
    );
    expect(second.conversationId).toBe(first.conversationId);
    expect(second.sender).toStrictEqual({
      phone: c.from,
      name: "Sandbox User",
      bsuid: "US.known1",
      username: "kn",
    });
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(1);
    expect(await eventsNamed(c.orgId, "contact.updated")).toHaveLength(0);
    expect(await db().message.count({ where: { conversationId: first.conversationId } })).toBe(2);
  });

  it.each([
    ["a known customer", true],
    ["a customer never seen", false],
  ])(
    "many messages of %s at once: one contact, one conversation holds them all, opened once",
    async (_, known) => {
      const c = known ? await knownCustomer() : await inboundCustomer();
      const notes = Array.from({ length: 8 }, (_, i) =>
        inboundNotification(
          c.channel.phoneNumberId,
          { profile: { name: "Rush" }, wa_id: c.from },
          { from: c.from, type: "text", text: { body: `burst ${i}` } },
        ),
      );
      const posted = await Promise.all(notes.map((n) => postNotification(JSON.stringify(n.body))));
      expect(posted.map((p) => p.status)).toEqual(notes.map(() => 200));
      const events = await eventually(async () => {
        const found = await eventsNamed(c.orgId, "message.inbound");
        return found.length === notes.length ? found : null;
      });
      const conversations = await db().conversation.findMany({ where: { organizationId: c.orgId } });
      expect(conversations).toHaveLength(1);
      expect(new Set(events.map((e) => e.data.conversationId))).toEqual(new Set([conversations[0]?.id]));
      expect(await db().message.count({ where: { conversationId: conversations[0]?.id } })).toBe(
        notes.length,
      );
      expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(1);
      expect(await db().contact.count({ where: { organizationId: c.orgId } })).toBe(1);
      expect(await eventsNamed(c.orgId, "contact.created")).toHaveLength(known ? 0 : 1);
    },
  );

  it("the same notification twice at once, then again: one message, one message.inbound", async () => {
    const c = await knownCustomer();
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Twin" }, wa_id: c.from },
      { from: c.from, type: "text", text: { body: "twice" } },
    );
    const raw = JSON.stringify(body);
    await Promise.all([postNotification(raw), postNotification(raw)]);
    await waitProcessed(wamid, 2);
    await postNotification(raw);
    await waitProcessed(wamid, 3);
    expect(await db().message.count({ where: { whatsappMessageId: wamid } })).toBe(1);
    const inbound = await eventsNamed(c.orgId, "message.inbound");
    expect(inbound.map((e) => e.data.whatsappMessageId)).toEqual([wamid]);
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(1);
  });

  it("a writer holding the contact when the message arrives: the message joins the conversation that writer opened", async () => {
    const c = await knownCustomer();
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Held" }, wa_id: c.from },
      { from: c.from, type: "text", text: { body: "while you were busy" } },
    );
    const opened = await db().$transaction(
      async (tx) => {
        // as the full path does: the contact first, then its new conversation
        await tx.contact.update({ where: { id: c.contact.id }, data: { name: "Held" } });
        const conversation = await tx.conversation.create({
          data: { organizationId: c.orgId, contactId: c.contact.id, channelId: c.channel.channelId },
        });
        expect((await postNotification(JSON.stringify(body))).status).toBe(200);
        // the worker's statement waits for this transaction's lock on the contact
        await eventually(async () => {
          const [row] = await db().$queryRaw<{ waiting: number }[]>`
            SELECT count(*)::int AS waiting FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%) AS duplicate%'`;
          return (row?.waiting ?? 0) > 0;
        });
        return conversation;
      },
      { timeout: 20_000 },
    );
    const data = await inboundEvent(c.orgId, wamid);
    expect(data.conversationId).toBe(opened.id);
    expect(await db().conversation.count({ where: { organizationId: c.orgId } })).toBe(1);
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(0);
  });
});
