import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, expectError } from "@/scripts/test/helpers";
import { injectFault, readySender, send, upstreamRequests } from "@/scripts/test/send-helpers";

const read = (key: string, messageId: string, body?: unknown) =>
  api(`/v1/whatsapp/messages/${messageId}/read`, { method: "POST", key, body });

/** The customer's first message (it opened the window). */
async function inboundMessage(orgId: string) {
  return db().message.findFirstOrThrow({ where: { organizationId: orgId, direction: "inbound" } });
}

async function readRequests(phoneNumberId: string) {
  return (await upstreamRequests(phoneNumberId)).filter((r) => r.body?.status === "read");
}

describe("POST /v1/whatsapp/messages/{messageId}/read", () => {
  it("marks the customer's message read upstream (its wamid) and answers {messageId, status: read}", async () => {
    const { key, orgId, channel } = await readySender();
    const message = await inboundMessage(orgId);
    const res = await read(key, message.id);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ success: true, data: { messageId: message.id, status: "read" } });
    const [request, ...more] = await readRequests(channel.phoneNumberId);
    expect(more).toHaveLength(0);
    expect(request?.body).toEqual({
      messaging_product: "whatsapp",
      status: "read",
      message_id: message.whatsappMessageId,
    });
    expect(request?.result).toBe(200);
    const row = await db().message.findUniqueOrThrow({ where: { id: message.id } });
    expect(row.status).toBe("read");
    expect(row.readAt).not.toBeNull();
  });

  it("typing_indicator: true also shows the typing indicator (Meta's typing_indicator {type: text})", async () => {
    const { key, orgId, channel } = await readySender();
    const message = await inboundMessage(orgId);
    const res = await read(key, message.id, { typing_indicator: true });
    expect(res.status, res.text).toBe(200);
    const [request] = await readRequests(channel.phoneNumberId);
    expect(request?.body).toEqual({
      messaging_product: "whatsapp",
      status: "read",
      message_id: message.whatsappMessageId,
      typing_indicator: { type: "text" },
    });
  });

  it("an outbound, unknown, malformed or other organization's id → 404 RESOURCE_NOT_FOUND; nothing sent", async () => {
    const other = await readySender();
    const theirs = await inboundMessage(other.orgId);
    const { key, channel, to } = await readySender();
    const sent = await send(key, { to, type: "text", text: { body: "ours, outbound" } });
    expect(sent.status, sent.text).toBe(200);
    for (const id of [
      sent.body.data.messageId,
      theirs.id,
      "6d1f3c9e-0000-4000-8000-000000000000",
      "not-an-id",
    ]) {
      const res = await read(key, id);
      expectError(res, 404, "RESOURCE_NOT_FOUND");
    }
    expect(await readRequests(channel.phoneNumberId)).toHaveLength(0);
    expect(await readRequests(other.channel.phoneNumberId)).toHaveLength(0);
    expect((await db().message.findUniqueOrThrow({ where: { id: theirs.id } })).readAt).toBeNull();
  });

  it("a typing_indicator that is not a boolean → 400", async () => {
    const { key, orgId } = await readySender();
    const message = await inboundMessage(orgId);
    const res = await read(key, message.id, { typing_indicator: "yes" });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });

  it("the upstream refuses → 502 WHATSAPP_SEND_FAILED with its error verbatim; the message stays unread", async () => {
    const { key, orgId, channel } = await readySender();
    const message = await inboundMessage(orgId);
    await injectFault(channel.phoneNumberId, { count: 1, status: 400, error: { code: 131026 } });
    const res = await read(key, message.id);
    expectError(res, 502, "WHATSAPP_SEND_FAILED");
    const [request] = await readRequests(channel.phoneNumberId);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    expect((await db().message.findUniqueOrThrow({ where: { id: message.id } })).readAt).toBeNull();
  });
});
