import { createHmac, timingSafeEqual } from "node:crypto";

/** Checks `X-Hub-Signature-256: sha256=<hex HMAC-SHA256(app secret, raw body)>` in constant time. */
export function verifyHubSignature(
  rawBody: Buffer | string,
  header: string | null,
  appSecret: string,
): boolean {
  if (!header?.startsWith("sha256=")) return false;
  const given = Buffer.from(header.slice(7), "hex");
  const expected = createHmac("sha256", appSecret).update(rawBody).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}
