import "#server-only";
import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { GuardedFetchError, guardedFetch } from "@/lib/net/guarded-fetch";
import { deliveryHeaders } from "@/lib/webhooks/sign";

/**
 * How long the business receiver has. Our webhooks allow 10 s (lib/webhooks/deliver.ts), but
 * WhatsApp itself gives a data endpoint 10 s to answer (Meta's "Implementing your Flow
 * endpoint" guide), so the receiver gets 8 s and we keep the rest for our own work (decided here).
 */
export const RECEIVER_TIMEOUT_MS = 8_000;
/** The largest receiver answer read: a screen's data is small; Meta's own limit is not published (decided here). */
const RECEIVER_MAX_BYTES = 1024 * 1024;
const USER_AGENT = "Service-Flows/1.0";

export type ReceiverOutcome =
  | { kind: "answered"; status: number; body: Buffer; seconds: number }
  | { kind: "failed"; reason: "timeout" | "unreachable" | "too-large"; seconds: number };

/**
 * POSTs a decrypted request, as plain JSON, to the business receiver through the guarded
 * client (the SSRF guard checks the address connected to; no redirect is followed), signed
 * with the webhook scheme (lib/webhooks/sign.ts: X-Service-Signature and webhook-signature)
 * under event name `flow.data_exchange` and a fresh `fx_` request id.
 */
export async function forwardToReceiver(input: {
  url: string;
  secret: string | null;
  channelId: string;
  payload: unknown;
}): Promise<ReceiverOutcome> {
  const body = JSON.stringify(input.payload);
  const requestId = `fx_${Date.now()}_${randomBytes(6).toString("hex")}`;
  const headers = {
    ...deliveryHeaders({
      deliveryId: requestId,
      event: "flow.data_exchange",
      body,
      secret: input.secret,
      nowMs: Date.now(),
      userAgent: USER_AGENT,
    }),
    "X-Service-Channel-Id": input.channelId,
  };
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const res = await guardedFetch(input.url, {
      method: "POST",
      headers,
      body,
      allowLoopback: config().ALLOW_LOOPBACK_URLS,
      timeoutMs: RECEIVER_TIMEOUT_MS,
      maxBytes: RECEIVER_MAX_BYTES,
      overflow: "fail",
    });
    return { kind: "answered", status: res.status, body: res.body, seconds: seconds() };
  } catch (error) {
    const kind = error instanceof GuardedFetchError ? error.kind : "network";
    const reason = kind === "timeout" ? "timeout" : kind === "too-large" ? "too-large" : "unreachable";
    return { kind: "failed", reason, seconds: seconds() };
  }
}
