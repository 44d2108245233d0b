import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { type AnyJson, expectError } from "@/scripts/test/helpers";
import {
  acceptedRequest,
  readySender,
  sampleMedia,
  send,
  unreachableUrl,
  upstreamRequests,
} from "@/scripts/test/send-helpers";

describe("POST /v1/whatsapp/messages: required fields", () => {
  const missing: [string, (to: string) => AnyJson, string][] = [
    ["to", () => ({ type: "text", text: { body: "hi" } }), "to"],
    ["type", (to) => ({ to, text: { body: "hi" } }), "type"],
    ["the text object", (to) => ({ to, type: "text" }), "text"],
    ["text.body", (to) => ({ to, type: "text", text: {} }), "text.body"],
    ["image.link", (to) => ({ to, type: "image", image: { caption: "x" } }), "image.link"],
    ["audio.link", (to) => ({ to, type: "audio", audio: {} }), "audio.link"],
    ["video.link", (to) => ({ to, type: "video", video: {} }), "video.link"],
    ["document.link", (to) => ({ to, type: "document", document: { filename: "a.pdf" } }), "document.link"],
    [
      "location.latitude",
      (to) => ({ to, type: "location", location: { longitude: 1 } }),
      "location.latitude",
    ],
    [
      "location.longitude",
      (to) => ({ to, type: "location", location: { latitude: 1 } }),
      "location.longitude",
    ],
  ];
  for (const [what, body, field] of missing) {
    it(`missing ${what} → 400 VALIDATION_MISSING_FIELD with details.field ${field}; nothing stored or sent`, async () => {
      const { key, orgId, channel, to } = await readySender();
      const res = await send(key, body(to));
      expectError(res, 400, "VALIDATION_MISSING_FIELD");
      expect(res.body.error.details.field).toBe(field);
      expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);
      expect(await upstreamRequests(channel.phoneNumberId, to)).toEqual([]);
    });
  }

  it("an unknown type → 400 VALIDATION_INVALID_FIELD on type", async () => {
    const { key, to } = await readySender({ closed: true });
    const res = await send(key, { to, type: "sticker", sticker: { link: sampleMedia("sample.png") } });
    expectError(res, 400, "VALIDATION_INVALID_FIELD");
    expect(res.body.error.details.field).toBe("type");
  });

  it("a local number → 400 VALIDATION_INVALID_PHONE on to", async () => {
    const { key } = await readySender({ closed: true });
    const res = await send(key, { to: "015123456789", type: "text", text: { body: "hi" } });
    expectError(res, 400, "VALIDATION_INVALID_PHONE");
    expect(res.body.error.details.field).toBe("to");
  });
});

describe("POST /v1/whatsapp/messages: text.body length", () => {
  it("4096 characters are sent whole; 4097 → 400 VALIDATION_INVALID_FIELD with details.field text.body", async () => {
    const { key, channel, to } = await readySender();
    const atLimit = `${"a".repeat(4095)}é`;
    const ok = await send(key, { to, type: "text", text: { body: atLimit } });
    expect(ok.status, ok.text).toBe(200);
    const accepted = await acceptedRequest(channel.phoneNumberId, ok.body.data.messageId);
    expect(accepted.body.text.body).toBe(atLimit);

    const over = await send(key, { to, type: "text", text: { body: `${atLimit}b` } });
    expectError(over, 400, "VALIDATION_INVALID_FIELD");
    expect(over.body.error.details.field).toBe("text.body");
    expect(over.body.error.details.hint).toMatch(/4096/);
    expect(await upstreamRequests(channel.phoneNumberId, to)).toHaveLength(1);
  });

  it("an empty body → 400 (VALIDATION_MISSING_FIELD on text.body)", async () => {
    const { key, to } = await readySender({ closed: true });
    const res = await send(key, { to, type: "text", text: { body: "" } });
    expectError(res, 400, "VALIDATION_MISSING_FIELD");
    expect(res.body.error.details.field).toBe("text.body");
  });
});

describe("POST /v1/whatsapp/messages: media links", () => {
  for (const type of ["image", "audio", "video", "document"]) {
    it(`${type}: a non-HTTPS public link → 400 VALIDATION_INVALID_FIELD on ${type}.link, nothing sent`, async () => {
      const { key, orgId, channel, to } = await readySender();
      const res = await send(key, { to, type, [type]: { link: "http://example.com/x.jpg" } });
      expectError(res, 400, "VALIDATION_INVALID_FIELD");
      expect(res.body.error.details.field).toBe(`${type}.link`);
      expect(res.body.error.details.hint).toMatch(/https/i);
      expect(await db().message.count({ where: { organizationId: orgId, direction: "outbound" } })).toBe(0);
      expect(await upstreamRequests(channel.phoneNumberId, to)).toEqual([]);
    });
  }

  it("not a URL at all, or a private address → 400 VALIDATION_INVALID_FIELD", async () => {
    const { key, to } = await readySender();
    for (const link of [
      "photo.jpg",
      "ftp://example.com/x.jpg",
      "https://10.0.0.8/x.jpg",
      "https://192.168.1.2/x.jpg",
    ]) {
      const res = await send(key, { to, type: "image", image: { link } });
      expect({ link, code: res.body?.error?.code, field: res.body?.error?.details?.field }).toEqual({
        link,
        code: "VALIDATION_INVALID_FIELD",
        field: "image.link",
      });
    }
  });

  it("a link the sandbox cannot fetch → 400 WHATSAPP_MEDIA_UPLOAD_FAILED; the Message is failed", async () => {
    const { key, orgId, channel, to } = await readySender();
    const link = await unreachableUrl("/x.jpg");
    const res = await send(key, { to, type: "image", image: { link } });
    expectError(res, 400, "WHATSAPP_MEDIA_UPLOAD_FAILED");
    const [request] = await upstreamRequests(channel.phoneNumberId, to);
    expect(request?.result).toBe(400);
    expect(request?.response.error.code).toBe(131053);
    expect(res.body.error.details.error).toEqual(request?.response.error);
    const stored = await db().message.findFirstOrThrow({
      where: { organizationId: orgId, direction: "outbound" },
    });
    expect(stored.status).toBe("failed");
    expect(stored.errorCode).toBe("131053");
  });

  it("a link answering 404 → 400 WHATSAPP_MEDIA_UPLOAD_FAILED", async () => {
    const { key, to } = await readySender();
    const res = await send(key, { to, type: "document", document: { link: sampleMedia("missing.pdf") } });
    expectError(res, 400, "WHATSAPP_MEDIA_UPLOAD_FAILED");
  });
});
