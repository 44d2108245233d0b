import { describe, expect, it } from "vitest";
import { resolveConversation } from "@/lib/conversations/resolve-conversation";
import { db } from "@/lib/db";
import {
  customerWrites,
  eventsNamed,
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
  inboundNotification,
  postNotification,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";

/** A signed text notification from the customer, as the upstream builds it. */
function textFrom(c: InboundCustomer, body: string) {
  return inboundNotification(
    c.channel.phoneNumberId,
    { profile: { name: "Gil" }, wa_id: c.from },
    { from: c.from, type: "text", text: { body } },
  );
}

async function counts(orgId: string, wamid: string) {
  return {
    messages: await db().message.count({ where: { whatsappMessageId: wamid } }),
    inbound: (await eventsNamed(orgId, "message.inbound")).filter((e) => e.data.whatsappMessageId === wamid)
      .length,
    contacts: await db().contact.count({ where: { organizationId: orgId } }),
    contactCreated: (await eventsNamed(orgId, "contact.created")).length,
    conversations: await db().conversation.count({ where: { organizationId: orgId } }),
    opened: (await eventsNamed(orgId, "conversation.opened")).length,
  };
}

const ONCE = { messages: 1, inbound: 1, contacts: 1, contactCreated: 1, conversations: 1, opened: 1 };

describe("the upstream delivers the same notification more than once", () => {
  it("the identical signed inbound notification twice → one Message, one message.inbound", async () => {
    const c = await inboundCustomer();
    const { wamid, body } = textFrom(c, "twice");
    const raw = JSON.stringify(body);
    expect((await postNotification(raw)).status).toBe(200);
    await inboundEvent(c.orgId, wamid);
    expect((await postNotification(raw)).status).toBe(200);
    await waitProcessed(wamid, 2);
    expect(await counts(c.orgId, wamid)).toEqual(ONCE);
  });

  it("10 parallel POSTs of one identical inbound notification from a new number → one of everything", async () => {
    const c = await inboundCustomer();
    const { wamid, body } = textFrom(c, "ten at once");
    const raw = JSON.stringify(body);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotification(raw)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await waitProcessed(wamid, 10);
    expect(await counts(c.orgId, wamid)).toEqual(ONCE);
    const media = await db().media.count({ where: { organizationId: c.orgId } });
    expect(media).toBe(0);
  });

  it("10 parallel POSTs of one identical image notification → one Message and one Media row", async () => {
    const c = await inboundCustomer();
    // a real sandbox media id, so the copy job has something to fetch
    const first = await inboundEvent(c.orgId, await customerWrites(c, { type: "image", image: {} }));
    const media = await db().media.findUniqueOrThrow({ where: { id: first.messageId } });
    const { wamid, body } = inboundNotification(
      c.channel.phoneNumberId,
      { profile: { name: "Gil" }, wa_id: c.from },
      { from: c.from, type: "image", image: { id: media.upstreamId, mime_type: "image/jpeg" } },
    );
    const raw = JSON.stringify(body);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postNotification(raw)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    await waitProcessed(wamid, 10);
    const message = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: wamid } });
    expect(await db().media.count({ where: { id: message.id } })).toBe(1);
    expect(await db().media.count({ where: { organizationId: c.orgId } })).toBe(2);
  });

  it("a notification built by the sandbox, posted again (same content) → processed once", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, { type: "text", text: { body: "once" } });
    await inboundEvent(c.orgId, wamid);
    const rows = await db().$queryRaw<{ payload: unknown }[]>`
      SELECT payload FROM upstream_notifications WHERE payload::text LIKE ${`%${wamid}%`}`;
    expect(rows).toHaveLength(1);
    expect((await postNotification(JSON.stringify(rows[0]?.payload))).status).toBe(200);
    await waitProcessed(wamid, 2);
    expect((await counts(c.orgId, wamid)).messages).toBe(1);
    expect((await counts(c.orgId, wamid)).inbound).toBe(1);
  });
});

describe("different messages at the same moment", () => {
  it("5 different messages at once after the conversation was resolved → exactly one new conversation", async () => {
    const c = await inboundCustomer();
    const first = await inboundEvent(
      c.orgId,
      await customerWrites(c, { type: "text", text: { body: "start" } }),
    );
    await resolveConversation(c.orgId, first.conversationId, null);

    const burst = Array.from({ length: 5 }, (_, i) => textFrom(c, `burst ${i}`));
    const answers = await Promise.all(burst.map((n) => postNotification(JSON.stringify(n.body))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const data = await Promise.all(burst.map((n) => inboundEvent(c.orgId, n.wamid)));

    const conversationIds = new Set(data.map((d) => d.conversationId));
    expect(conversationIds.size, `conversations of the burst: ${[...conversationIds].join(", ")}`).toBe(1);
    expect(conversationIds.has(first.conversationId)).toBe(false);
    expect(
      await db().conversation.count({ where: { organizationId: c.orgId, status: { not: "resolved" } } }),
    ).toBe(1);
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(2);
  });

  it("5 different messages at once from a new number → one contact, one conversation", async () => {
    const c = await inboundCustomer();
    const burst = Array.from({ length: 5 }, (_, i) => textFrom(c, `hello ${i}`));
    await Promise.all(burst.map((n) => postNotification(JSON.stringify(n.body))));
    const data = await Promise.all(burst.map((n) => inboundEvent(c.orgId, n.wamid)));
    expect(new Set(data.map((d) => d.contactId)).size).toBe(1);
    expect(new Set(data.map((d) => d.conversationId)).size).toBe(1);
    expect(await eventsNamed(c.orgId, "contact.created")).toHaveLength(1);
    expect(await eventsNamed(c.orgId, "conversation.opened")).toHaveLength(1);
  });
});
