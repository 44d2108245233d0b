import { createHmac, timingSafeEqual } from "node:crypto";
import type { webhooks } from "./schema.js";

/** Every event we deliver, typed from the OpenAPI document's `webhooks`, narrowed by `event`. */
export type WebhookEvent = {
  [K in keyof webhooks & string]: webhooks[K]["post"]["requestBody"]["content"]["application/json"];
}[keyof webhooks & string];

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export class WebhookVerificationError extends Error {
  override name = "WebhookVerificationError";
}

/** Replay protection: a delivery signed more than this far from our clock is refused. */
export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function checkTime(signedAtMs: number, nowMs: number, toleranceSeconds: number): void {
  if (!Number.isFinite(signedAtMs))
    throw new WebhookVerificationError("the signature timestamp is missing or not a number");
  if (Math.abs(nowMs - signedAtMs) > toleranceSeconds * 1000) {
    throw new WebhookVerificationError(
      `the signature timestamp is more than ${toleranceSeconds} s away from now (a replay?)`,
    );
  }
}

/** Standard Webhooks keys: `whsec_<base64>` is the decoded bytes; any other secret its UTF-8 bytes. */
function standardKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
}

/**
 * Checks a delivery and answers its event, typed by name. `rawBody` must be the exact bytes
 * received (before any JSON parsing). The Standard Webhooks `webhook-signature` is checked when
 * present: it lists every valid signature, space-separated (`v1,<base64 HMAC-SHA256(key, id +
 * "." + timestamp + "." + body)>`), the new and the old secret's during a rotation's 24-hour
 * grace period, so a receiver holding either secret verifies every delivery. Without it, our
 * `X-Service-Signature` (`sha256=` hex HMAC-SHA256(secret, X-Service-Timestamp + "." + body)),
 * which carries the current secret's signature only (the contract gives it one value).
 * Comparisons are constant-time; a timestamp more than 5 minutes away is refused. Throws
 * WebhookVerificationError on any failure.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: { toleranceSeconds?: number; now?: number } = {},
): WebhookEvent {
  if (!secret) throw new WebhookVerificationError("no secret given");
  const body = typeof rawBody === "string" ? rawBody : Buffer.from(rawBody).toString("utf8");
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = options.now ?? Date.now();
  const ours = header(headers, "x-service-signature");
  const standard = header(headers, "webhook-signature");
  if (standard !== undefined) {
    const id = header(headers, "webhook-id") ?? "";
    const timestamp = header(headers, "webhook-timestamp") ?? "";
    checkTime(/^\d+$/.test(timestamp) ? Number(timestamp) * 1000 : Number.NaN, now, tolerance);
    const expected = `v1,${createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
    if (!standard.split(" ").some((candidate) => equal(expected, candidate))) {
      throw new WebhookVerificationError("webhook-signature does not match");
    }
  } else if (ours !== undefined) {
    const timestamp = header(headers, "x-service-timestamp") ?? "";
    checkTime(/^\d+$/.test(timestamp) ? Number(timestamp) : Number.NaN, now, tolerance);
    const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
    if (!equal(expected, ours)) throw new WebhookVerificationError("X-Service-Signature does not match");
  } else {
    throw new WebhookVerificationError("the delivery carries no signature (does the webhook have a secret?)");
  }
  try {
    return JSON.parse(body) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError("the body is not JSON");
  }
}
