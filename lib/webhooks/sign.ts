import { createHmac } from "node:crypto";
import { STANDARD_PREFIX } from "@/lib/webhooks/secret-format";

/**
 * The two signatures every delivery carries when its webhook has a secret.
 *
 * Ours (the contract): `X-Service-Signature: sha256=<hex HMAC-SHA256(secret, timestamp + "." + rawBody)>`
 * where `timestamp` is `X-Service-Timestamp`, Unix milliseconds, and the key is the UTF-8
 * bytes of the secret.
 *
 * Standard Webhooks (https://www.standardwebhooks.com): `webhook-signature: v1,<base64
 * HMAC-SHA256(key, id + "." + timestamp + "." + rawBody)>` with `webhook-id` (our delivery
 * id) and `webhook-timestamp` (Unix seconds). That spec's secrets are written `whsec_<base64>`
 * and its libraries sign with the decoded bytes. So a secret starting with `whsec_` is
 * base64-decoded to form the key (give it to those libraries as is), and any other secret is
 * used as its UTF-8 bytes (give those libraries the raw bytes, e.g. `{ format: "raw" }`).
 *
 * During a rotation's grace period (lib/webhooks/rotate-webhook-secret.ts) `webhook-signature`
 * carries two space-separated signatures, the current secret's first: `v1,<new> v1,<old>`, as
 * that spec allows, so receivers still holding the old secret keep verifying. The contract's
 * header has room for one value and carries the current secret's only.
 */

export { isUsableSecret } from "@/lib/webhooks/secret-format";

export function standardKey(secret: string): Buffer {
  return secret.startsWith(STANDARD_PREFIX)
    ? Buffer.from(secret.slice(STANDARD_PREFIX.length), "base64")
    : Buffer.from(secret, "utf8");
}

/** `sha256=<hex>` over `<timestampMs>.<body>`, the value of X-Service-Signature. */
export function serviceSignature(secret: string, timestampMs: string, body: string): string {
  const digest = createHmac("sha256", secret).update(`${timestampMs}.${body}`).digest("hex");
  return `sha256=${digest}`;
}

/** `v1,<base64>` over `<id>.<timestampSeconds>.<body>`, the value of webhook-signature. */
export function standardSignature(
  secret: string,
  id: string,
  timestampSeconds: string,
  body: string,
): string {
  const digest = createHmac("sha256", standardKey(secret))
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest("base64");
  return `v1,${digest}`;
}

export type SignedHeaders = Record<string, string>;

/** Every header of one attempt, signed with that attempt's own timestamp. */
export function deliveryHeaders(input: {
  deliveryId: string;
  event: string;
  body: string;
  secret: string | null;
  /** the secret before a rotation, while its grace period lasts; null otherwise */
  previousSecret?: string | null;
  nowMs: number;
  userAgent: string;
}): SignedHeaders {
  const timestampMs = String(input.nowMs);
  const timestampSeconds = String(Math.floor(input.nowMs / 1000));
  const headers: SignedHeaders = {
    "Content-Type": "application/json",
    "User-Agent": input.userAgent,
    "X-Service-Event": input.event,
    "X-Service-Timestamp": timestampMs,
    "X-Service-Delivery-Id": input.deliveryId,
    "webhook-id": input.deliveryId,
    "webhook-timestamp": timestampSeconds,
  };
  if (input.secret !== null) {
    headers["X-Service-Signature"] = serviceSignature(input.secret, timestampMs, input.body);
    const secrets = input.previousSecret ? [input.secret, input.previousSecret] : [input.secret];
    headers["webhook-signature"] = secrets
      .map((secret) => standardSignature(secret, input.deliveryId, timestampSeconds, input.body))
      .join(" ");
  }
  return headers;
}
