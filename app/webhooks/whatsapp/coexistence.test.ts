import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  randomPhone,
  sandbox,
  type TestOrg,
} from "@/scripts/test/helpers";
import { eventsNamed, inboundEvent, waitAllProcessed, waitProcessed } from "@/scripts/test/inbound-helpers";

type Coex = TestOrg & { phoneNumberId: string; channelId: string; customer: string };

/** An organization with a channel on a coexistence number of the sandbox, and a customer number. */
async function coexistence(): Promise<Coex> {
  const org = await createTestOrg();
  const channel = await createTestChannel(org.orgId, { sandboxNumber: { coexistence: true } });
  return {
    ...org,
    phoneNumberId: channel.phoneNumberId,
    channelId: channel.channelId,
    customer: randomPhone().slice(1),
  };
}

async function echo(c: Coex, message: Record<string, unknown>, to = c.customer): Promise<string> {
  const ack = await sandbox("/_sandbox/echoes", "POST", { phone_number_id: c.phoneNumberId, to, message });
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
  return String(ack.body.id);
}

async function customerWrites(c: Coex, message: Record<string, unknown>): Promise<string> {
  const ack = await sandbox("/_sandbox/inbound", "POST", {
    phone_number_id: c.phoneNumberId,
    from: c.customer,
    message,
  });
  expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
  return String(ack.body.id);
}

async function eventAbout(orgId: string, name: string, messageId: string) {
  return eventually(() =>
    db().event.findFirst({
      where: { organizationId: orgId, name, data: { path: ["messageId"], equals: messageId } },
    }),
  );
}

describe("numbers shared with the WhatsApp Business app (coexistence)", () => {
  it("an echo is an outbound message of the conversation, source business_app, with message.sent; it opens no window", async () => {
    const c = await coexistence();
    const wamid = await echo(c, { type: "text", text: { body: "Sent from the phone" } });
    const stored = await eventually(() => db().message.findUnique({ where: { whatsappMessageId: wamid } }));
    expect(stored).toMatchObject({
      organizationId: c.orgId,
      direction: "outbound",
      status: "sent",
      source: "business_app",
      type: "text",
    });
    const sent = await eventAbout(c.orgId, "message.sent", stored.id);
    expect(sent.data).toMatchObject({
      messageId: stored.id,
      whatsappMessageId: wamid,
      status: "sent",
      source: "business_app",
      channelId: c.channelId,
    });
    const contact = await db().contact.findUniqueOrThrow({ where: { id: stored.contactId } });
    expect(contact).toMatchObject({ phone: `+${c.customer}`, lastInboundAt: null });
    // the window stays closed: a free-form reply through the API is refused
    const reply = await api("/v1/whatsapp/messages", {
      method: "POST",
      key: c.key,
      body: { to: `+${c.customer}`, type: "text", text: { body: "x" } },
    });
    expect(reply.body.error.code).toBe("WHATSAPP_SESSION_CLOSED");
    // the channel learned it is a coexistence number: paced at Meta's 20/s
    const channels = await api("/v1/whatsapp/channels", { key: c.key });
    expect(channels.body.data[0]).toMatchObject({ coexistence: true, throughput_per_second: 20 });
    // GET /v1/whatsapp/messages/{id} says where it came from
    const got = await api(`/v1/whatsapp/messages/${stored.id}`, { key: c.key });
    expect(got.body.data).toMatchObject({
      source: "business_app",
      direction: "outbound",
      content: { text: "Sent from the phone" },
    });
  });

  it("a customer's edit keeps the original and shows the new text (message.edited); a revoke marks it deleted (message.deleted)", async () => {
    const c = await coexistence();
    const original = await customerWrites(c, { type: "text", text: { body: "see you at 5" } });
    const inbound = await inboundEvent(c.orgId, original);
    await customerWrites(c, {
      type: "edit",
      edit: { original_message_id: original, message: { type: "text", text: { body: "see you at 6" } } },
    });
    const edited = await eventAbout(c.orgId, "message.edited", inbound.messageId);
    expect(edited.data).toMatchObject({
      messageId: inbound.messageId,
      whatsappMessageId: original,
      contentType: "text",
      content: { text: "see you at 6" },
    });
    const row = await db().message.findUniqueOrThrow({ where: { id: inbound.messageId } });
    expect(row.content).toEqual({ text: "see you at 5" });
    expect(row.editedContent).toEqual({ text: "see you at 6" });
    const got = await api(`/v1/whatsapp/messages/${inbound.messageId}`, { key: c.key });
    expect(got.body.data).toMatchObject({
      content: { text: "see you at 5" },
      edited: { content: { text: "see you at 6" } },
      deletedAt: null,
    });

    await customerWrites(c, { type: "revoke", revoke: { original_message_id: original } });
    const deleted = await eventAbout(c.orgId, "message.deleted", inbound.messageId);
    expect(deleted.data).toMatchObject({ messageId: inbound.messageId, direction: "inbound" });
    const gone = await api(`/v1/whatsapp/messages/${inbound.messageId}`, { key: c.key });
    expect(gone.body.data).toMatchObject({ content: null, edited: null, deletedAt: expect.any(String) });
    const { getConversationThread } = await import("@/lib/conversations/get-conversation-thread");
    const thread = await getConversationThread(c.orgId, inbound.conversationId);
    const shown = thread.messages.find((m) => m.id === inbound.messageId);
    expect(shown).toMatchObject({
      content: { kind: "text", text: "This message was deleted" },
      edited: null,
    });
    expect(JSON.stringify(thread)).not.toContain("see you at");
    // the upstream retries the revoke: nothing new
    await customerWrites(c, { type: "revoke", revoke: { original_message_id: original } });
    // every notification naming the message processed, the retried revoke included
    await waitAllProcessed(original);
    expect(await eventsNamed(c.orgId, "message.deleted")).toHaveLength(1);
  });

  it("staff edit and delete from the app arrive as echoes and change the echoed message", async () => {
    const c = await coexistence();
    const wamid = await echo(c, { type: "text", text: { body: "10% off" } });
    const stored = await eventually(() => db().message.findUnique({ where: { whatsappMessageId: wamid } }));
    await echo(c, {
      type: "edit",
      edit: { original_message_id: wamid, message: { type: "text", text: { body: "15% off" } } },
    });
    expect((await eventAbout(c.orgId, "message.edited", stored.id)).data).toMatchObject({
      direction: "outbound",
      content: { text: "15% off" },
    });
    await echo(c, { type: "revoke", revoke: { original_message_id: wamid } });
    expect((await eventAbout(c.orgId, "message.deleted", stored.id)).data).toMatchObject({
      direction: "outbound",
    });
  });

  it("history is stored in a conversation with its original times and statuses, and announces nothing", async () => {
    const c = await coexistence();
    const t0 = Math.floor(Date.now() / 1000) - 40 * 86_400;
    const ack = await sandbox("/_sandbox/history", "POST", {
      phone_number_id: c.phoneNumberId,
      threads: [
        {
          user: c.customer,
          messages: [
            {
              direction: "inbound",
              timestamp: t0,
              text: "do you ship to Oslo?",
              id: `wamid.h1${t0}${c.customer}`,
            },
            {
              direction: "outbound",
              timestamp: t0 + 60,
              text: "we do",
              status: "READ",
              id: `wamid.h2${t0}${c.customer}`,
            },
            {
              direction: "inbound",
              timestamp: t0 + 120,
              media: { type: "image", caption: "this one" },
              id: `wamid.h3${t0}${c.customer}`,
            },
          ],
        },
      ],
    });
    expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
    const rows = await eventually(async () => {
      const found = await db().message.findMany({
        where: { organizationId: c.orgId },
        orderBy: { createdAt: "asc" },
      });
      return found.length === 3 ? found : undefined;
    });
    expect(rows.map((m) => [m.direction, m.status, m.source, m.createdAt.getTime() / 1000])).toEqual([
      ["inbound", "delivered", "history", t0],
      ["outbound", "read", "history", t0 + 60],
      ["inbound", "delivered", "history", t0 + 120],
    ]);
    expect(rows[2]?.content).toMatchObject({ image: { caption: "this one" } });
    const conversation = await db().conversation.findUniqueOrThrow({
      where: { id: String(rows[0]?.conversationId) },
    });
    expect(conversation.status).toBe("resolved");
    expect(await db().event.count({ where: { organizationId: c.orgId } })).toBe(0);
    // the same chunk again stores nothing twice
    await sandbox("/_sandbox/history", "POST", {
      phone_number_id: c.phoneNumberId,
      threads: [
        {
          user: c.customer,
          messages: [
            {
              direction: "inbound",
              timestamp: t0,
              text: "do you ship to Oslo?",
              id: `wamid.h1${t0}${c.customer}`,
            },
          ],
        },
      ],
    });
    await waitProcessed(`wamid.h1${t0}${c.customer}`, 2);
    expect(await db().message.count({ where: { organizationId: c.orgId } })).toBe(3);
  });

  it("app contacts become contacts or rename the one with their number; a removal keeps the contact", async () => {
    const c = await coexistence();
    const known = randomPhone();
    await api("/v1/contacts", { method: "POST", key: c.key, body: { phone: known, name: "Old name" } });
    const fresh = randomPhone();
    await sandbox("/_sandbox/app-contacts", "POST", {
      phone_number_id: c.phoneNumberId,
      contacts: [
        { phone_number: known, full_name: "Kari Nordmann" },
        { phone_number: fresh, full_name: "Ola Nordmann" },
      ],
    });
    const created = await eventually(() =>
      db().contact.findFirst({ where: { organizationId: c.orgId, phone: fresh } }),
    );
    expect(created.name).toBe("Ola Nordmann");
    const renamed = await eventually(async () => {
      const x = await db().contact.findFirst({ where: { organizationId: c.orgId, phone: known } });
      return x?.name === "Kari Nordmann" ? x : undefined;
    });
    const [updated] = await eventsNamed(c.orgId, "contact.updated");
    expect(updated?.data).toMatchObject({ contactId: renamed.id, changes: ["name"] });
    expect((await eventsNamed(c.orgId, "contact.created")).map((e) => e.data.contactId)).toContain(
      created.id,
    );
    const removed = await sandbox("/_sandbox/app-contacts", "POST", {
      phone_number_id: c.phoneNumberId,
      contacts: [{ phone_number: fresh, action: "remove" }],
    });
    expect(removed.body?.status, JSON.stringify(removed.body)).toBe(200);
    // the removal processed (with every notification naming the number): the contact stays
    await waitAllProcessed(fresh.slice(1));
    expect(await db().contact.findUnique({ where: { id: created.id } })).not.toBeNull();
  });

  it("two organizations: an edit or revoke through one organization's number never touches the other's message", async () => {
    const a = await coexistence();
    const b = await coexistence();
    const original = await customerWrites(b, { type: "text", text: { body: "B's message" } });
    const inB = await inboundEvent(b.orgId, original);
    // A's number reports an edit and a revoke of B's message id, made 10 minutes ago: a change of
    // a message A does not have is then ignored at once (a recent one is retried for 2 minutes in
    // case its original is still on the way), after the same lookup, in A's organization only
    const timestamp = Math.floor(Date.now() / 1000) - 600;
    for (const message of [
      {
        type: "edit",
        edit: { original_message_id: original, message: { type: "text", text: { body: "hijacked" } } },
      },
      { type: "revoke", revoke: { original_message_id: original } },
    ]) {
      const ack = await sandbox("/_sandbox/inbound", "POST", {
        phone_number_id: a.phoneNumberId,
        from: a.customer,
        message,
        timestamp,
      });
      expect(ack.body?.status, JSON.stringify(ack.body)).toBe(200);
    }
    // both processed (with every notification naming B's message id): they changed nothing
    await waitAllProcessed(original);
    expect(await db().message.findUniqueOrThrow({ where: { id: inB.messageId } })).toMatchObject({
      editedContent: null,
      deletedAt: null,
    });
    expect(await eventsNamed(a.orgId, "message.edited")).toHaveLength(0);
    expect(await eventsNamed(b.orgId, "message.deleted")).toHaveLength(0);
    // B's message is not A's to read
    expect((await api(`/v1/whatsapp/messages/${inB.messageId}`, { key: a.key })).status).toBe(404);
  });
});
