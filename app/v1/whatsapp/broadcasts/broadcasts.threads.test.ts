/**
 * Every outbound message is in its customer's conversation, found or opened by one rule for a
 * single send and a broadcast (lib/messages/repository/outbound.ts): the open conversation
 * continues, a customer with none (or only resolved ones) gets a new open one, and the
 * customer's answer lands beside the message it answers.
 */
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  allRecipients,
  createBroadcast,
  readyBroadcaster,
  waitForBroadcast,
} from "@/scripts/test/broadcast-helpers";
import { api, eventually, inbound, randomPhone } from "@/scripts/test/helpers";
import { digits, openWindow, send, waitForStatus } from "@/scripts/test/send-helpers";

const notice = { name: "plain_notice", language: { code: "en_US" } };

async function openConversations(orgId: string, phone: string) {
  return db().conversation.findMany({
    where: { organizationId: orgId, contact: { phone }, status: { not: "resolved" } },
  });
}

describe("outbound messages in their customer's thread", () => {
  it("a broadcast puts every message in its recipient's conversation, and the reply lands beside it", async () => {
    const b = await readyBroadcaster();
    const talking = randomPhone();
    await openWindow(b.orgId, b.channel.phoneNumberId, talking);
    const [existing] = await openConversations(b.orgId, talking);
    expect(existing).toBeDefined();
    const done = randomPhone();
    await openWindow(b.orgId, b.channel.phoneNumberId, done);
    const [resolved] = await openConversations(b.orgId, done);
    await db().conversation.update({
      where: { id: resolved?.id },
      data: { status: "resolved", resolvedAt: new Date() },
    });
    const fresh = Array.from({ length: 6 }, () => randomPhone());
    const phones = [talking, done, ...fresh];

    const res = await createBroadcast(b.key, {
      name: "Threads",
      template: notice,
      recipients: phones.map((to) => ({ to })),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    await waitForBroadcast(
      b.key,
      id,
      (x) => x.status === "completed" && x.counts.delivered === phones.length,
    );

    const messages = await db().message.findMany({ where: { broadcastId: id }, include: { contact: true } });
    expect(messages).toHaveLength(phones.length);
    for (const m of messages) expect(m.conversationId, m.contact.phone ?? "").not.toBeNull();

    // the customer talking to us: the same conversation, no second one
    const talkingOpen = await openConversations(b.orgId, talking);
    expect(talkingOpen.map((c) => c.id)).toEqual([existing?.id]);
    expect(messages.find((m) => m.contact.phone === talking)?.conversationId).toBe(existing?.id);
    // a resolved conversation is never reopened: a new open one holds the message
    const doneAll = await db().conversation.findMany({
      where: { organizationId: b.orgId, contact: { phone: done } },
    });
    expect(doneAll.find((c) => c.id === resolved?.id)?.status).toBe("resolved");
    const doneOpen = doneAll.filter((c) => c.status !== "resolved");
    expect(doneOpen).toHaveLength(1);
    expect(messages.find((m) => m.contact.phone === done)?.conversationId).toBe(doneOpen[0]?.id);
    // a customer who never wrote: one open conversation each, announced by conversation.opened
    for (const phone of fresh) expect(await openConversations(b.orgId, phone)).toHaveLength(1);
    const opened = await db().event.findMany({
      where: { organizationId: b.orgId, name: "conversation.opened" },
    });
    const byBroadcast = new Set(messages.map((m) => m.conversationId).filter((c) => c !== existing?.id));
    expect(
      opened.filter((e) => byBroadcast.has((e.data as { conversationId: string }).conversationId)),
    ).toHaveLength(fresh.length + 1);

    // the recipient answers: the reply is in the broadcast message's conversation
    const replier = fresh[0] as string;
    const sentToReplier = messages.find((m) => m.contact.phone === replier);
    await inbound(b.channel.phoneNumberId, digits(replier), { type: "text", text: { body: "yes please" } });
    const reply = await eventually(() =>
      db().message.findFirst({
        where: { organizationId: b.orgId, direction: "inbound", contact: { phone: replier } },
      }),
    );
    expect(reply.conversationId).toBe(sentToReplier?.conversationId);
    expect(await openConversations(b.orgId, replier)).toHaveLength(1);

    // the recipients list names each recipient's conversation
    const rows = await allRecipients(b.key, id);
    for (const r of rows) {
      expect(r.conversationId).toBe(messages.find((m) => m.id === r.messageId)?.conversationId);
    }
  }, 90_000);

  it("a single send opens the conversation by the same rule, and the next send continues it", async () => {
    const b = await readyBroadcaster();
    // a template to a number no contact has
    const to = randomPhone();
    const first = await send(b.key, {
      to,
      type: "template",
      template: notice,
      channel_id: b.channel.channelId,
    });
    expect(first.status, first.text).toBe(200);
    const firstMessage = await db().message.findUniqueOrThrow({ where: { id: first.body.data.messageId } });
    expect(firstMessage.conversationId).not.toBeNull();
    // a known contact with no conversation: concurrent sends share one new conversation
    const known = await api("/v1/contacts", { method: "POST", key: b.key, body: { phone: randomPhone() } });
    expect(known.status, known.text).toBe(201);
    const many = await Promise.all(
      Array.from({ length: 8 }, () =>
        send(b.key, { to: known.body.data.phone, type: "template", template: notice }),
      ),
    );
    for (const r of many) expect(r.status, r.text).toBe(200);
    const open = await openConversations(b.orgId, known.body.data.phone);
    expect(open).toHaveLength(1);
    const stored = await db().message.findMany({
      where: { id: { in: many.map((r) => r.body.data.messageId) } },
    });
    expect(new Set(stored.map((m) => m.conversationId))).toEqual(new Set([open[0]?.id]));

    const again = await send(b.key, { to, type: "template", template: notice });
    expect(again.status, again.text).toBe(200);
    await waitForStatus(again.body.data.messageId, ["sent", "delivered", "read"]);
    const next = await db().message.findUniqueOrThrow({ where: { id: again.body.data.messageId } });
    expect(next.conversationId).toBe(firstMessage.conversationId);
    expect(await openConversations(b.orgId, to)).toHaveLength(1);
  }, 90_000);

  it("the thread names the broadcast a message came from", async () => {
    const b = await readyBroadcaster();
    const to = randomPhone();
    const res = await createBroadcast(b.key, { name: "Spring sale", template: notice, recipients: [{ to }] });
    const id = res.body.data.id;
    await waitForBroadcast(b.key, id, (x) => x.status === "completed");
    const [row] = await allRecipients(b.key, id);
    expect(row.conversationId).toEqual(expect.any(String));
    const { getConversationThread } = await import("@/lib/conversations/get-conversation-thread");
    const thread = await getConversationThread(b.orgId, row.conversationId);
    expect(thread.messages.find((m) => m.id === row.messageId)?.broadcast).toEqual({
      id,
      name: "Spring sale",
    });
  }, 90_000);
});
