import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { api, eventually, expectError } from "@/scripts/test/helpers";
import {
  customerWrites,
  expectInboundData,
  inboundCustomer,
  inboundEvent,
  sampleFile,
} from "@/scripts/test/inbound-helpers";
import { acceptedRequest, readySender, send, upstreamRequests } from "@/scripts/test/send-helpers";

/** The customer's first message (opened the window) as stored: our id and its wamid. */
async function customersMessage(orgId: string) {
  return db().message.findFirstOrThrow({
    where: { organizationId: orgId, direction: "inbound" },
    select: { id: true, whatsappMessageId: true },
  });
}

describe("POST /v1/whatsapp/messages type reaction", () => {
  it("reacts by our message id: the upstream gets the reacted message's wamid and the emoji", async () => {
    const { key, orgId, channel, to } = await readySender();
    const target = await customersMessage(orgId);
    const res = await send(key, { to, type: "reaction", reaction: { message_id: target.id, emoji: "👍" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      to,
      whatsappMessageId: expect.stringMatching(/^wamid\./),
    });
    const request = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(request.body).toMatchObject({
      to: to.slice(1),
      type: "reaction",
      reaction: { message_id: target.whatsappMessageId, emoji: "👍" },
    });
    const stored = await db().message.findUniqueOrThrow({ where: { id: res.body.data.messageId } });
    expect(stored).toMatchObject({ type: "reaction", direction: "outbound", organizationId: orgId });
  });

  it("a wamid passes as given; an empty emoji removes the reaction", async () => {
    const { key, orgId, channel, to } = await readySender();
    const target = await customersMessage(orgId);
    const wamid = String(target.whatsappMessageId);
    const res = await send(key, { to, type: "reaction", reaction: { message_id: wamid, emoji: "" } });
    expect(res.status, res.text).toBe(200);
    const request = await acceptedRequest(channel.phoneNumberId, res.body.data.messageId);
    expect(request.body.reaction).toEqual({ message_id: wamid, emoji: "" });
  });

  it("another organization's message id → 404 RESOURCE_NOT_FOUND, like an unknown one; nothing stored or sent", async () => {
    const other = await readySender();
    const theirs = await customersMessage(other.orgId);
    const { key, orgId, channel, to } = await readySender();
    const before = await db().message.count({ where: { organizationId: orgId } });
    for (const id of [theirs.id, "6d1f3c9e-0000-4000-8000-000000000000"]) {
      const res = await send(key, { to, type: "reaction", reaction: { message_id: id, emoji: "👍" } });
      expectError(res, 404, "RESOURCE_NOT_FOUND");
      expect(res.body.error.details).toEqual({ field: "reaction.message_id" });
    }
    expect(await db().message.count({ where: { organizationId: orgId } })).toBe(before);
    expect((await upstreamRequests(channel.phoneNumberId, to)).length).toBe(0);
  });

  it("bad reaction bodies → 400 with the field", async () => {
    const { key, to } = await readySender();
    expectError(await send(key, { to, type: "reaction" }), 400, "VALIDATION_MISSING_FIELD");
    const notAnId = await send(key, { to, type: "reaction", reaction: { message_id: "abc", emoji: "👍" } });
    expectError(notAnId, 400, "VALIDATION_INVALID_FIELD");
    expect(notAnId.body.error.details.field).toBe("reaction.message_id");
    const long = await send(key, {
      to,
      type: "reaction",
      reaction: { message_id: "wamid.X", emoji: "👍".repeat(40) },
    });
    expect(long.status).toBe(400);
  });
});

describe("message.inbound for reactions, stickers and shared contacts", () => {
  it("a customer's reaction to our message → contentType reaction, content.reaction.messageId our id", async () => {
    const { key, orgId, channel, to } = await readySender();
    const sent = await send(key, { to, type: "text", text: { body: "react to me" } });
    expect(sent.status, sent.text).toBe(200);
    const c = { orgId, key, keyId: "", channel, phone: to, from: to.slice(1) };
    const wamid = await customerWrites(c, {
      type: "reaction",
      reaction: { message_id: sent.body.data.whatsappMessageId, emoji: "❤️" },
    });
    const data = await inboundEvent(orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "reaction" });
    expect(content).toStrictEqual({ reaction: { messageId: sent.body.data.messageId, emoji: "❤️" } });
  });

  it("a reaction to a message we do not know, or another organization's → messageId null", async () => {
    const other = await readySender();
    const theirs = await customersMessage(other.orgId);
    const c = await inboundCustomer();
    for (const target of ["wamid.unknown", String(theirs.whatsappMessageId)]) {
      const wamid = await customerWrites(c, {
        type: "reaction",
        reaction: { message_id: target, emoji: "😮" },
      });
      const data = await inboundEvent(c.orgId, wamid);
      expect(data.content).toStrictEqual({ reaction: { messageId: null, emoji: "😮" } });
    }
  });

  it("a sticker → content.sticker {id, mime_type}; the file through GET /v1/media/{id}", async () => {
    const c = await inboundCustomer();
    const sample = await sampleFile("sample.webp");
    const wamid = await customerWrites(c, { type: "sticker", sticker: {} });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "sticker" });
    expect(content).toStrictEqual({ sticker: { id: data.messageId, mime_type: "image/webp" } });
    await eventually(async () => (await db().media.findUnique({ where: { id: data.messageId } }))?.storedAt);
    const res = await api(`/v1/media/${data.messageId}`, { key: c.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({
      id: data.messageId,
      mime_type: "image/webp",
      sha256: sample.sha256,
    });
    const file = await fetch(res.body.data.url);
    expect(Buffer.from(await file.arrayBuffer()).equals(sample.bytes)).toBe(true);
  });

  it("shared contacts → content.contacts, the cards as sent", async () => {
    const c = await inboundCustomer();
    const cards = [
      {
        name: { formatted_name: "Ana Lima", first_name: "Ana", last_name: "Lima" },
        phones: [{ phone: "+55 11 5555 0100", wa_id: "551155550100", type: "CELL" }],
        emails: [{ email: "ana@example.com", type: "WORK" }],
      },
    ];
    const wamid = await customerWrites(c, { type: "contacts", contacts: cards });
    const data = await inboundEvent(c.orgId, wamid);
    const content = await expectInboundData(c, data, { wamid, contentType: "contacts" });
    expect(content).toStrictEqual({ contacts: cards });
  });
});
