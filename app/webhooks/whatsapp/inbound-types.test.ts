import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import {
  customerWrites,
  expectInboundData,
  inboundCustomer,
  inboundEvent,
} from "@/scripts/test/inbound-helpers";

/** Each inbound type from the sandbox → the message.inbound data of the contract and design.md. */
describe("message.inbound per upstream message type", () => {
  it("text → contentType text, content {text}; sender phone without +, name and bsuid", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(
      c,
      { type: "text", text: { body: "Hello there" } },
      { name: "Ana Lima", user_id: "US.1234567890" },
    );
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, {
      wamid,
      contentType: "text",
      name: "Ana Lima",
      bsuid: "US.1234567890",
    });
    expect(content).toStrictEqual({ text: "Hello there" });
    expect(data.sender.phone).not.toMatch(/^\+/);
    const message = await db().message.findUniqueOrThrow({ where: { whatsappMessageId: wamid } });
    expect(message).toMatchObject({ type: "text", phone: c.phone, channelId: c.channel.channelId });
  });

  it.each([
    ["image", "image/jpeg", "a photo"],
    ["video", "video/mp4", "a clip"],
  ])("%s → content.%s = {id: messageId, mime_type, caption}", async (type, mime, caption) => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, { type, [type]: { caption } });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: type });
    expect(content).toStrictEqual({ [type]: { id: data.messageId, mime_type: mime, caption } });
  });

  it("image without a caption → no caption key", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, { type: "image", image: { sample: "sample.png" } });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "image" });
    expect(content).toStrictEqual({ image: { id: data.messageId, mime_type: "image/png" } });
  });

  it("audio (voice note) → content.audio = {id, mime_type}, never a caption", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, { type: "audio", audio: { voice: true } });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "audio" });
    expect(content).toStrictEqual({ audio: { id: data.messageId, mime_type: "audio/ogg; codecs=opus" } });
  });

  it("document → contentType file, content.document = {id, mime_type, caption, filename}", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, {
      type: "document",
      document: { filename: "invoice-42.pdf", caption: "my invoice" },
    });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "file" });
    expect(content).toStrictEqual({
      document: {
        id: data.messageId,
        mime_type: "application/pdf",
        caption: "my invoice",
        filename: "invoice-42.pdf",
      },
    });
  });

  it("every media reference equals the messageId and a Media row of the organization", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, { type: "video", video: {} });
    const data = await inboundEvent(c.orgId, wamid);
    const media = await db().media.findUniqueOrThrow({ where: { id: data.content.video.id } });
    expect(media).toMatchObject({ id: data.messageId, organizationId: c.orgId, mimeType: "video/mp4" });
  });

  it("location → content.location with latitude, longitude, name and address", async () => {
    const c = await inboundCustomer();
    const location = { latitude: 38.7223, longitude: -9.1393, name: "Praça do Comércio", address: "Lisboa" };
    const wamid = await customerWrites(c, { type: "location", location });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "location" });
    expect(content).toStrictEqual({ location });
  });

  it("interactive button_reply → {type: 'button', reply: {id, title}}", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, {
      type: "interactive",
      interactive: { type: "button_reply", button_reply: { id: "btn-yes", title: "Yes" } },
      context: { id: "wamid.ORIGINAL" },
    });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "interactive" });
    expect(content).toStrictEqual({
      interactive: { type: "button", reply: { id: "btn-yes", title: "Yes" } },
    });
  });

  it("interactive list_reply → {type: 'list', list_reply: {id, title, description}}", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, {
      type: "interactive",
      interactive: {
        type: "list_reply",
        list_reply: { id: "row-2", title: "Tuesday", description: "10:00 to 12:00" },
      },
    });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "interactive" });
    expect(content).toStrictEqual({
      interactive: {
        type: "list",
        list_reply: { id: "row-2", title: "Tuesday", description: "10:00 to 12:00" },
      },
    });
  });

  it("template quick-reply press (button) → {type: 'button', reply: {id: payload, title: text}}", async () => {
    const c = await inboundCustomer();
    const wamid = await customerWrites(c, {
      type: "button",
      button: { payload: "STOP_PROMOS", text: "Stop promotions" },
      context: { id: "wamid.TEMPLATE" },
    });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "interactive" });
    expect(content).toStrictEqual({
      interactive: { type: "button", reply: { id: "STOP_PROMOS", title: "Stop promotions" } },
    });
  });
});
