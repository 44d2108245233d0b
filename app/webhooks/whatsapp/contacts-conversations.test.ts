import { describe, expect, it } from "vitest";
import { resolveConversation } from "@/lib/conversations/resolve-conversation";
import { db } from "@/lib/db";
import {
  customerWrites,
  eventsNamed,
  ISO_RE,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  postNotification,
  sendMessage,
} from "@/scripts/test/inbound-helpers";

const TEXT = { type: "text", text: { body: "hi" } };

describe("contacts from inbound messages", () => {
  it("an unknown number → Contact created (contact.created with channelId), window open: a text send succeeds", async () => {
    const c = await inboundCustomer();
    const before = Date.now();
    const wamid = await customerWrites(c, TEXT, { name: "Bea Souza", user_id: "BR.998877" });
    const data = await inboundEvent(c.orgId, wamid);

    const contact = await db().contact.findFirstOrThrow({
      where: { organizationId: c.orgId, phone: c.phone },
    });
    expect(contact).toMatchObject({ name: "Bea Souza", profileName: "Bea Souza", bsuid: "BR.998877" });
    expect(contact.lastInboundAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(data.contactId).toBe(contact.id);

    const created = await eventsNamed(c.orgId, "contact.created");
    expect(created).toHaveLength(1);
    expect(created[0]?.data).toStrictEqual({
      contactId: contact.id,
      phone: c.phone,
      name: "Bea Souza",
      email: null,
      // additive: the customer's user id and username
      bsuid: "BR.998877",
      username: null,
      channelId: c.channel.channelId,
      timestamp: expect.stringMatching(ISO_RE),
    });

    const reply = await sendMessage(c.key, { to: c.phone, type: "text", text: { body: "Hi Bea!" } });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.data.status).toBe("sent");
  });

  it("without an inbound message the window is closed: the same send → WHATSAPP_SESSION_CLOSED", async () => {
    const c = await inboundCustomer();
    const reply = await sendMessage(c.key, { to: c.phone, type: "text", text: { body: "cold" } });
    expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({
      status: 400,
      code: "WHATSAPP_SESSION_CLOSED",
    });
  });

  it("a message the upstream delivers late (written 30 h ago, retried after an outage) does not open the window", async () => {
    const c = await inboundCustomer();
    const writtenAt = Math.floor(Date.now() / 1000) - 30 * 3600;
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Ivo" }, wa_id: c.from },
      { from: c.from, timestamp: String(writtenAt), type: "text", text: { body: "sent yesterday" } },
    );
    expect((await postNotification(JSON.stringify(body))).status).toBe(200);
    await inboundEvent(c.orgId, wamid);
    const contact = await db().contact.findFirstOrThrow({
      where: { organizationId: c.orgId, phone: c.phone },
    });
    // the window runs from the customer's message (the upstream timestamp), not from our processing
    expect(contact.lastInboundAt?.toISOString()).toBe(new Date(writtenAt * 1000).toISOString());
    const reply = await sendMessage(c.key, { to: c.phone, type: "text", text: { body: "too late" } });
    expect({ status: reply.status, code: reply.body?.error?.code }).toEqual({
      status: 400,
      code: "WHATSAPP_SESSION_CLOSED",
    });
  });

  it("the same number again → the same contact and conversation, no second contact.created or conversation.opened", async () => {
    const c = await inboundCustomer();
    const first = await inboundEvent(c.orgId, await customerWrites(c, TEXT));
    const second = await inboundEvent(
      c.orgId,
      await customerWrites(c, { type: "text", text: { body: "again" } }),
    );
    expect(second.contactId).toBe(first.contactId);
    expect(second.conversationId).toBe(first.conversationId);
    expect(await db().contact.count({ where: { organizationId: c.orgId } })).toBe(1);
    expect(await db().conversation.count({ where: { organizationId: c.orgId } })).toBe(1);
    expect(await eventsNamed(c.orgId, "contact.created")).toHaveLength(1);

    const opened = await eventsNamed(c.orgId, "conversation.opened");
    expect(opened.map((e) => e.data)).toStrictEqual([
      {
        conversationId: first.conversationId,
        contactId: first.contactId,
        channelId: c.channel.channelId,
        status: "open",
        timestamp: expect.stringMatching(ISO_RE),
      },
    ]);
  });
});

describe("conversation lifecycle (design.md)", () => {
  it("a resolved conversation → the next inbound message opens a new one (conversation.opened)", async () => {
    const c = await inboundCustomer();
    const first = await inboundEvent(c.orgId, await customerWrites(c, TEXT));
    await resolveConversation(c.orgId, first.conversationId, null);

    const next = await inboundEvent(
      c.orgId,
      await customerWrites(c, { type: "text", text: { body: "one more" } }),
    );
    expect(next.contactId).toBe(first.contactId);
    expect(next.conversationId).not.toBe(first.conversationId);
    // openedAt is when the customer wrote, to the second: two messages of one second tie on it
    const conversations = await db().conversation.findMany({
      where: { organizationId: c.orgId },
      orderBy: [{ openedAt: "asc" }, { createdAt: "asc" }],
    });
    expect(conversations.map((v) => [v.id, v.status])).toEqual([
      [first.conversationId, "resolved"],
      [next.conversationId, "open"],
    ]);
    const opened = await eventsNamed(c.orgId, "conversation.opened");
    expect(opened.map((e) => e.data.conversationId)).toEqual([first.conversationId, next.conversationId]);
  });

  it("24 hours of inactivity → a new conversation; the quiet one is left as it was", async () => {
    const c = await inboundCustomer();
    const first = await inboundEvent(c.orgId, await customerWrites(c, TEXT));
    const longAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    await db().conversation.update({
      where: { id: first.conversationId },
      data: { lastActivityAt: longAgo },
    });

    const next = await inboundEvent(
      c.orgId,
      await customerWrites(c, { type: "text", text: { body: "back" } }),
    );
    expect(next.conversationId).not.toBe(first.conversationId);
    const old = await db().conversation.findUniqueOrThrow({ where: { id: first.conversationId } });
    expect(old.lastActivityAt).toEqual(longAgo);
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(2);
  });

  it("23 hours of inactivity → the same conversation continues", async () => {
    const c = await inboundCustomer();
    const first = await inboundEvent(c.orgId, await customerWrites(c, TEXT));
    const earlier = new Date(Date.now() - 23 * 3600_000);
    await db().conversation.update({
      where: { id: first.conversationId },
      data: { lastActivityAt: earlier },
    });
    const next = await inboundEvent(
      c.orgId,
      await customerWrites(c, { type: "text", text: { body: "still" } }),
    );
    expect(next.conversationId).toBe(first.conversationId);
    const touched = await db().conversation.findUniqueOrThrow({ where: { id: first.conversationId } });
    // moved forward to the new message, not left where it was
    expect(touched.lastActivityAt.getTime()).toBeGreaterThan(earlier.getTime());
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(1);
  });
});
