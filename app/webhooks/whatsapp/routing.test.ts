import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestOrg, eventually, randomPhone, sandbox } from "@/scripts/test/helpers";
import {
  channelAt,
  customerWrites,
  eventsNamed,
  type InboundCustomer,
  inboundCustomer,
  inboundEvent,
  notificationRows,
  openWindowAt,
  quietSandbox,
  sendMessage,
  waitProcessed,
} from "@/scripts/test/inbound-helpers";
import { sandboxAt } from "@/scripts/test/sandbox-client";

/** Meta's conversation routing (issue 30 part 1): `standby` and `messaging_handovers`, played by the sandbox. */

async function secondResponder(c: InboundCustomer, appId = "mba_app_1"): Promise<void> {
  const ack = await sandbox("/_sandbox/routing", "POST", {
    phone_number_id: c.channel.phoneNumberId,
    second_responder: { app_id: appId },
  });
  expect(ack.status, JSON.stringify(ack.body)).toBe(200);
}

async function ownerChanges(orgId: string) {
  return eventsNamed(orgId, "conversation.owner_changed");
}

describe("conversation routing (standby, messaging_handovers)", () => {
  it("a customer's message on standby is stored as the other responder's, says so in message.inbound and makes the conversation theirs; another organization with the same customer is untouched", async () => {
    const b = await inboundCustomer();
    const a = await inboundCustomer();
    // the same customer writes to both organizations' numbers; only B's has a second responder
    const customer = b.from;
    await secondResponder(b);
    const onB = await customerWrites(b, { type: "text", text: { body: "routed to the agent" } });
    const onA = await customerWrites({ ...a, from: customer }, { type: "text", text: { body: "to us" } });

    const inboundB = await inboundEvent(b.orgId, onB);
    expect(inboundB).toMatchObject({ responder: "other", content: { text: "routed to the agent" } });
    const rowB = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: onB } });
    expect(rowB).toMatchObject({ organizationId: b.orgId, responder: "other", direction: "inbound" });
    const changed = await eventually(async () => (await ownerChanges(b.orgId))[0]);
    expect(changed.data).toMatchObject({
      conversationId: rowB.conversationId,
      contactId: rowB.contactId,
      channelId: b.channel.channelId,
      previousOwner: { owner: "us", appId: null },
      owner: { owner: "other", appId: null },
      reason: "standby",
    });
    const conversation = await db().conversation.findUniqueOrThrow({
      where: { id: rowB.conversationId ?? "" },
    });
    expect(conversation.owner).toBe("other");

    // organization A: same customer number, its own number without routing: ours, nothing said
    const inboundA = await inboundEvent(a.orgId, onA);
    expect(inboundA.responder).toBeUndefined();
    const rowA = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: onA } });
    expect(rowA).toMatchObject({ organizationId: a.orgId, responder: "us" });
    expect(await ownerChanges(a.orgId)).toEqual([]);
    const convA = await db().conversation.findUniqueOrThrow({ where: { id: rowA.conversationId ?? "" } });
    expect(convA.owner).toBe("us");
  });

  it("the other responder's echo is its outbound message; a standby status moves it, never a message of ours", async () => {
    // a sandbox that posts no status by itself: our message stays as sent until a status says otherwise
    const sb = await quietSandbox();
    try {
      const org = await createTestOrg();
      const channel = await channelAt(org.orgId, sb.url);
      const phone = randomPhone();
      const control = (path: string, body: unknown) => sandboxAt(sb.url, path, "POST", body);
      const routed = await control("/_sandbox/routing", {
        phone_number_id: channel.phoneNumberId,
        second_responder: { app_id: "mba_app_3" },
      });
      expect(routed.status).toBe(200);
      await openWindowAt(org.orgId, sb.url, channel.phoneNumberId, phone);

      // our own message to the customer (the window is open)
      const sent = await sendMessage(org.key, { to: phone, type: "text", text: { body: "ours" } });
      expect(sent.status, JSON.stringify(sent.body)).toBeLessThan(300);
      const ours = await eventually(async () => {
        const m = await db().message.findUnique({ where: { id: sent.body.data.messageId } });
        return m?.whatsappMessageId ? m : null;
      });

      const echo = await control("/_sandbox/standby/echoes", {
        phone_number_id: channel.phoneNumberId,
        to: phone.slice(1),
        message: { type: "text", text: { body: "Agent here, how can I help?" } },
      });
      expect(echo.body?.status, JSON.stringify(echo.body)).toBe(200);
      const theirs = await eventually(() =>
        db().message.findUnique({ where: { whatsappMessageId: String(echo.body.id) } }),
      );
      expect(theirs).toMatchObject({
        direction: "outbound",
        status: "sent",
        responder: "other",
        source: null,
      });
      const sentEvent = await eventually(() =>
        db().event.findFirst({
          where: {
            organizationId: org.orgId,
            name: "message.sent",
            data: { path: ["messageId"], equals: theirs.id },
          },
        }),
      );
      expect(sentEvent.data).toMatchObject({
        responder: "other",
        content: { text: "Agent here, how can I help?" },
      });

      // a standby "read" naming OUR message's wamid is ignored; one naming theirs moves it
      const wrong = await control("/_sandbox/standby/statuses", {
        phone_number_id: channel.phoneNumberId,
        id: ours.whatsappMessageId,
        recipient_id: phone.slice(1),
        status: "read",
      });
      expect(wrong.body?.status).toBe(200);
      const right = await control("/_sandbox/standby/statuses", {
        phone_number_id: channel.phoneNumberId,
        id: theirs.whatsappMessageId,
        recipient_id: phone.slice(1),
        status: "read",
      });
      expect(right.body?.status).toBe(200);
      await eventually(
        async () => (await db().message.findUniqueOrThrow({ where: { id: theirs.id } })).status === "read",
      );
      const naming = await notificationRows(String(ours.whatsappMessageId));
      await waitProcessed(String(ours.whatsappMessageId), naming.stored);
      const ourAfter = await db().message.findUniqueOrThrow({ where: { id: ours.id } });
      expect(ourAfter).toMatchObject({ status: ours.status, readAt: null, responder: "us" });
      const readEvents = await eventsNamed(org.orgId, "message.read");
      expect(readEvents.map((e) => (e.data as { messageId: string }).messageId)).toEqual([theirs.id]);
    } finally {
      await sb.close();
    }
  });

  it("messaging_handovers: control_passed makes the conversation ours, control_taken the other's, each with conversation.owner_changed; only the number's organization hears it", async () => {
    const c = await inboundCustomer();
    const other = await inboundCustomer();
    await secondResponder(c, "mba_app_2");
    const first = await customerWrites(c, { type: "text", text: { body: "hi" } });
    await inboundEvent(c.orgId, first);
    // the same customer number is a contact of another organization too
    const elsewhere = await customerWrites(
      { ...other, from: c.from },
      { type: "text", text: { body: "hi" } },
    );
    await inboundEvent(other.orgId, elsewhere);
    await eventually(async () => (await ownerChanges(c.orgId)).length === 1);

    const pass = await sandbox("/_sandbox/handovers", "POST", {
      phone_number_id: c.channel.phoneNumberId,
      from: c.from,
      action: "pass",
    });
    expect(pass.body?.status, JSON.stringify(pass.body)).toBe(200);
    const passed = await eventually(async () => (await ownerChanges(c.orgId))[1]);
    expect(passed.data).toMatchObject({
      previousOwner: { owner: "other" },
      owner: { owner: "us", appId: null },
      reason: "control_passed",
    });

    const take = await sandbox("/_sandbox/handovers", "POST", {
      phone_number_id: c.channel.phoneNumberId,
      from: c.from,
      action: "take",
    });
    expect(take.body?.status).toBe(200);
    const taken = await eventually(async () => (await ownerChanges(c.orgId))[2]);
    expect(taken.data).toMatchObject({
      previousOwner: { owner: "us", appId: null },
      owner: { owner: "other", appId: "mba_app_2" },
      reason: "control_taken",
    });
    const conversation = await db().conversation.findUniqueOrThrow({
      where: { id: String((taken.data as { conversationId: string }).conversationId) },
    });
    expect(conversation).toMatchObject({ organizationId: c.orgId, owner: "other", ownerAppId: "mba_app_2" });

    // the next standby message names the app a handover named
    const next = await customerWrites(c, { type: "text", text: { body: "again" } });
    expect(await inboundEvent(c.orgId, next)).toMatchObject({
      responder: "other",
      responderAppId: "mba_app_2",
    });

    // the other organization's conversation with the same customer number never moved
    expect(await ownerChanges(other.orgId)).toEqual([]);
    const theirs = await db().conversation.findMany({ where: { organizationId: other.orgId } });
    expect(theirs.map((t) => t.owner)).toEqual(["us"]);
  });
});
