import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type AnyJson, createTestChannel, createTestOrg, randomPhone } from "@/scripts/test/helpers";
import {
  acceptedRequest,
  digits,
  expectSendResult,
  messageEvents,
  readySender,
  sampleMedia,
  send,
  templateFixtures,
  upstreamRequests,
  waitForTemplateSync,
} from "@/scripts/test/send-helpers";

/** One row per message type: what we POST and the type object the Cloud API must receive. */
const TYPES: { type: string; given: AnyJson; cloud: AnyJson }[] = [
  {
    type: "text",
    given: { body: "See https://example.com", preview_url: true },
    cloud: { body: "See https://example.com", preview_url: true },
  },
  {
    type: "image",
    given: { link: sampleMedia("sample.jpg"), caption: "A photo" },
    cloud: { link: sampleMedia("sample.jpg"), caption: "A photo" },
  },
  {
    // audio has no caption: an unknown field is dropped, not forwarded
    type: "audio",
    given: { link: sampleMedia("sample.ogg"), caption: "ignored" },
    cloud: { link: sampleMedia("sample.ogg") },
  },
  {
    type: "video",
    given: { link: sampleMedia("sample.mp4"), caption: "A clip" },
    cloud: { link: sampleMedia("sample.mp4"), caption: "A clip" },
  },
  {
    type: "document",
    given: { link: sampleMedia("sample.pdf"), filename: "invoice.pdf", caption: "Your invoice" },
    cloud: { link: sampleMedia("sample.pdf"), filename: "invoice.pdf", caption: "Your invoice" },
  },
  {
    type: "location",
    given: { latitude: 52.52, longitude: 13.405, name: "Office", address: "Alexanderplatz 1, Berlin" },
    cloud: { latitude: 52.52, longitude: 13.405, name: "Office", address: "Alexanderplatz 1, Berlin" },
  },
  {
    type: "interactive",
    given: {
      type: "button",
      header: { type: "text", text: "Your order" },
      body: { text: "Confirm the delivery slot?" },
      footer: { text: "Shop" },
      action: {
        buttons: [
          { type: "reply", reply: { id: "yes", title: "Yes" } },
          { type: "reply", reply: { id: "no", title: "No" } },
        ],
      },
    },
    cloud: {
      type: "button",
      header: { type: "text", text: "Your order" },
      body: { text: "Confirm the delivery slot?" },
      footer: { text: "Shop" },
      action: {
        buttons: [
          { type: "reply", reply: { id: "yes", title: "Yes" } },
          { type: "reply", reply: { id: "no", title: "No" } },
        ],
      },
    },
  },
];

describe("POST /v1/whatsapp/messages: every type end to end through the sandbox", () => {
  for (const row of TYPES) {
    it(`${row.type}: the sandbox receives exactly the Cloud API body; the Send result matches it`, async () => {
      const { key, orgId, channel, to } = await readySender();
      const res = await send(key, { to, type: row.type, [row.type]: row.given });
      expect(res.status, res.text).toBe(200);
      const messageId = res.body.data.messageId;
      const accepted = await acceptedRequest(channel.phoneNumberId, messageId);
      expect(accepted.result).toBe(200);
      expect(accepted.body).toEqual({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: digits(to),
        type: row.type,
        [row.type]: row.cloud,
        biz_opaque_callback_data: messageId,
      });
      expectSendResult(res, to, accepted);

      const stored = await db().message.findUniqueOrThrow({ where: { id: messageId } });
      expect(stored).toMatchObject({
        organizationId: orgId,
        channelId: channel.channelId,
        direction: "outbound",
        type: row.type,
        phone: to,
        whatsappMessageId: accepted.id,
      });
      expect(["sent", "delivered", "read"]).toContain(stored.status);
      expect((await messageEvents(orgId, messageId)).filter((n) => n === "message.sent")).toHaveLength(1);
    });
  }

  it("template: text-only template, sent with the window closed; the result names the template", async () => {
    const { key, orgId } = await createTestOrg();
    const channel = await createTestChannel(orgId, { templates: templateFixtures() });
    await waitForTemplateSync(channel.channelId);
    const to = randomPhone();
    const res = await send(key, {
      to,
      type: "template",
      template: { name: "plain_notice", language: { code: "en_US" } },
    });
    expect(res.status, res.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: digits(to),
      type: "template",
      template: { name: "plain_notice", language: { code: "en_US" } },
      biz_opaque_callback_data: res.body.data.messageId,
    });
    expectSendResult(res, to, accepted, "plain_notice");
    const stored = await db().message.findUniqueOrThrow({ where: { id: res.body.data.messageId } });
    expect(stored).toMatchObject({
      templateName: "plain_notice",
      templateLanguage: "en_US",
      type: "template",
    });
  });

  it("the recipient may be given without + and is answered in E.164 with +", async () => {
    const { key, channel, to } = await readySender();
    const res = await send(key, { to: digits(to), type: "text", text: { body: "no plus" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.to).toBe(to);
    const accepted = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(accepted.body.to).toBe(digits(to));
    expect(accepted.body.text).toEqual({ body: "no plus", preview_url: false });
  });
});

describe("the 24-hour window", () => {
  it("closed: text, media, location and interactive → 400 WHATSAPP_SESSION_CLOSED, nothing stored or sent", async () => {
    const { key, orgId, channel, to } = await readySender({ closed: true });
    for (const row of TYPES) {
      const res = await send(key, { to, type: row.type, [row.type]: row.given });
      expect({ type: row.type, status: res.status, code: res.body?.error?.code }).toEqual({
        type: row.type,
        status: 400,
        code: "WHATSAPP_SESSION_CLOSED",
      });
    }
    expect(await db().message.count({ where: { organizationId: orgId } })).toBe(0);
    expect(await upstreamRequests(channel.phoneNumberId)).toEqual([]);
  });

  it("a window opened by another customer does not open this one", async () => {
    const { key } = await readySender();
    const other = randomPhone();
    const res = await send(key, { to: other, type: "text", text: { body: "hi" } });
    expect(res.body.error?.code).toBe("WHATSAPP_SESSION_CLOSED");
  });

  it("older than 24 hours: closed again", async () => {
    const { key, orgId, to } = await readySender();
    await db().contact.updateMany({
      where: { organizationId: orgId, phone: to },
      data: { lastInboundAt: new Date(Date.now() - 24 * 3600_000 - 60_000) },
    });
    const res = await send(key, { to, type: "text", text: { body: "late" } });
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({
      status: 400,
      code: "WHATSAPP_SESSION_CLOSED",
    });
  });
});
