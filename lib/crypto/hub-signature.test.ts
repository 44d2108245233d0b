import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyHubSignature } from "@/lib/crypto/hub-signature";

const SECRET = "app-secret-for-unit-tests";
const BODY = '{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[]}]}';
const sign = (body: string | Buffer, secret = SECRET) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

describe("verifyHubSignature", () => {
  it("accepts the HMAC-SHA256 of the raw body with the app secret, as a string or as bytes", () => {
    expect(verifyHubSignature(BODY, sign(BODY), SECRET)).toBe(true);
    expect(verifyHubSignature(Buffer.from(BODY), sign(BODY), SECRET)).toBe(true);
  });

  it("accepts non-ASCII bodies signed over their UTF-8 bytes", () => {
    const body = '{"text":"Olá 👋"}';
    expect(verifyHubSignature(Buffer.from(body, "utf8"), sign(Buffer.from(body, "utf8")), SECRET)).toBe(true);
  });

  it.each([
    ["no header", null],
    ["an empty header", ""],
    ["another secret", sign(BODY, "other-secret")],
    ["another body", sign(`${BODY} `)],
    ["the digest without its prefix", sign(BODY).slice(7)],
    ["a sha1 prefix", `sha1=${sign(BODY).slice(7)}`],
    ["an upper-case prefix", `SHA256=${sign(BODY).slice(7)}`],
    ["a truncated digest", sign(BODY).slice(0, -2)],
    ["an extended digest", `${sign(BODY)}00`],
    ["non-hex characters", `sha256=${"g".repeat(64)}`],
    ["an empty digest", "sha256="],
    ["base64 instead of hex", `sha256=${createHmac("sha256", SECRET).update(BODY).digest("base64")}`],
  ])("refuses %s", (_, header) => {
    expect(verifyHubSignature(BODY, header, SECRET)).toBe(false);
  });

  it("refuses a body changed by one byte", () => {
    const header = sign(BODY);
    expect(verifyHubSignature(BODY.replace('"1"', '"2"'), header, SECRET)).toBe(false);
  });
});
