import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  api,
  createTestChannel,
  createTestOrg,
  eventually,
  inbound,
  randomPhone,
  sandbox,
} from "@/scripts/test/helpers";

describe("text send end to end through the sandbox", () => {
  it("is refused outside the window and sent inside it", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId);
    const to = randomPhone();

    const closed = await api("/v1/whatsapp/messages", {
      method: "POST",
      key,
      body: { to, type: "text", text: { body: "hi" } },
    });
    expect(closed.status).toBe(400);
    expect(closed.body.error.code).toBe("WHATSAPP_SESSION_CLOSED");

    const ack = await inbound(channel.phoneNumberId, to.slice(1), { type: "text", text: { body: "hello" } });
    expect(ack.body.status).toBe(200);
    await eventually(async () => {
      const c = await db().contact.findFirst({ where: { organizationId: orgId, phone: to } });
      return c?.lastInboundAt;
    });

    const sent = await api("/v1/whatsapp/messages", {
      method: "POST",
      key,
      body: { to, type: "text", text: { body: "welcome" } },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: "sent", to });
    expect(sent.body.data.whatsappMessageId).toMatch(/^wamid\./);

    const received = await sandbox(
      `/_sandbox/messages?phone_number_id=${channel.phoneNumberId}&to=${to.slice(1)}`,
    );
    const last = received.body.data.at(-1);
    expect(last.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: to.slice(1),
      type: "text",
      text: { body: "welcome", preview_url: false },
      biz_opaque_callback_data: sent.body.data.messageId,
    });
    const read = await eventually(async () => {
      const m = await db().message.findUnique({ where: { id: sent.body.data.messageId } });
      return m?.status === "read" ? m : undefined;
    });
    expect(read.deliveredAt).not.toBeNull();
  });
});
