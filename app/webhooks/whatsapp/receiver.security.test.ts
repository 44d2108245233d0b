import { createHmac, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { TEST_ENV } from "@/scripts/test/env";
import {
  envelope,
  hubSignature,
  inboundNotification,
  notificationRows,
  postNotification,
  RECEIVER,
  randomDigits,
} from "@/scripts/test/inbound-helpers";

/** A signed-able notification naming a phone number id nobody else uses, to find its rows by. */
function uniqueNotification() {
  const phoneNumberId = randomUUID();
  const { body } = inboundNotification(
    phoneNumberId,
    { profile: { name: "Eve" }, wa_id: randomDigits() },
    { from: randomDigits(), type: "text", text: { body: "hello" } },
  );
  return { marker: phoneNumberId, raw: JSON.stringify(body) };
}

async function handshake(params: Record<string, string>) {
  const res = await fetch(`${RECEIVER}?${new URLSearchParams(params)}`);
  return { status: res.status, text: await res.text(), type: res.headers.get("content-type") };
}

describe("GET /webhooks/whatsapp: the upstream's verification handshake", () => {
  it("echoes hub.challenge as plain text when the verify token matches", async () => {
    const challenge = String(Math.floor(Math.random() * 1e9));
    const res = await handshake({
      "hub.mode": "subscribe",
      "hub.verify_token": TEST_ENV.verifyToken,
      "hub.challenge": challenge,
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(challenge);
    expect(res.type).toMatch(/^text\/plain/);
  });

  it.each([
    ["a wrong token", { "hub.mode": "subscribe", "hub.verify_token": "guess", "hub.challenge": "1" }],
    ["no token", { "hub.mode": "subscribe", "hub.challenge": "1" }],
    ["an empty token", { "hub.mode": "subscribe", "hub.verify_token": "", "hub.challenge": "1" }],
    [
      "the token with a suffix",
      { "hub.mode": "subscribe", "hub.verify_token": `${TEST_ENV.verifyToken}x`, "hub.challenge": "1" },
    ],
    [
      "another mode",
      { "hub.mode": "unsubscribe", "hub.verify_token": TEST_ENV.verifyToken, "hub.challenge": "1" },
    ],
  ])("refuses %s with 403 and does not echo the challenge", async (_, params) => {
    const res = await handshake(params);
    expect(res.status).toBe(403);
    expect(res.text).not.toBe("1");
  });
});

describe("POST /webhooks/whatsapp: X-Hub-Signature-256", () => {
  it("a valid signature → 200 at once, the raw notification stored before the answer", async () => {
    const warm = uniqueNotification();
    expect((await postNotification(warm.raw)).status).toBe(200);
    // no timing here (bench:webhooks measures answer times under load): each 200 comes with its
    // row already stored
    for (let i = 0; i < 5; i++) {
      const n = uniqueNotification();
      const res = await postNotification(n.raw);
      expect(res.status, res.text).toBe(200);
      expect((await notificationRows(n.marker)).stored).toBe(1);
    }
  });

  it.each([
    ["no signature header", () => null],
    ["a signature made with another secret", (raw: string) => hubSignature(raw, "not-the-app-secret")],
    ["a signature of another body", (raw: string) => hubSignature(`${raw} `)],
    ["the right digest without the sha256= prefix", (raw: string) => hubSignature(raw).slice(7)],
    ["the right digest under sha1=", (raw: string) => `sha1=${hubSignature(raw).slice(7)}`],
    ["the digest cut short", (raw: string) => hubSignature(raw).slice(0, -2)],
    ["non-hex garbage", () => `sha256=${"zz".repeat(32)}`],
    ["an empty digest", () => "sha256="],
  ])("%s → 401 and nothing stored", async (_, sign) => {
    const n = uniqueNotification();
    const res = await postNotification(n.raw, { signature: sign(n.raw) });
    expect(res.status).toBe(401);
    expect(await notificationRows(n.marker)).toEqual({ stored: 0, processed: 0 });
  });

  it("only the older X-Hub-Signature (sha1) → 401 and nothing stored", async () => {
    const n = uniqueNotification();
    const sha1 = createHmac("sha1", TEST_ENV.appSecret).update(n.raw).digest("hex");
    const res = await postNotification(n.raw, {
      signature: null,
      headers: { "x-hub-signature": `sha1=${sha1}` },
    });
    expect(res.status).toBe(401);
    expect((await notificationRows(n.marker)).stored).toBe(0);
  });

  it("the body is verified byte for byte: re-serialized JSON with the original signature → 401", async () => {
    const n = uniqueNotification();
    const pretty = JSON.stringify(JSON.parse(n.raw), null, 2);
    const res = await postNotification(pretty, { signature: hubSignature(n.raw) });
    expect(res.status).toBe(401);
    expect((await notificationRows(n.marker)).stored).toBe(0);
  });

  it("a signed body that is not JSON → 400 and nothing stored", async () => {
    const marker = randomUUID();
    const raw = `{"object":"whatsapp_business_account","entry":[{"id":"${marker}"`;
    const res = await postNotification(raw);
    expect(res.status).toBe(400);
    expect((await notificationRows(marker)).stored).toBe(0);
  });

  it("a signed, well-formed notification with non-ASCII text is accepted (HMAC over the raw UTF-8 bytes)", async () => {
    const phoneNumberId = randomUUID();
    const raw = JSON.stringify(
      envelope(phoneNumberId, {
        messages: [
          { from: randomDigits(), id: `wamid.${randomUUID()}`, type: "text", text: { body: "Olá, 你好 👋" } },
        ],
      }),
    );
    const res = await postNotification(raw);
    expect(res.status, res.text).toBe(200);
    expect((await notificationRows(phoneNumberId)).stored).toBe(1);
  });
});
