import { createHmac } from "node:crypto";
import type { Ctx } from "@/sandbox/context";
import { later } from "@/sandbox/state";

export type Delivery = { status: number; error?: string };

/** Meta signs the raw body with the app secret: sha256 (and the older sha1) HMACs. */
export function signatureHeaders(appSecret: string, raw: string): Record<string, string> {
  const sha256 = createHmac("sha256", appSecret).update(raw).digest("hex");
  const sha1 = createHmac("sha1", appSecret).update(raw).digest("hex");
  return { "x-hub-signature-256": `sha256=${sha256}`, "x-hub-signature": `sha1=${sha1}` };
}

async function attempt(
  ctx: Ctx,
  url: string,
  raw: string,
  headers: Record<string, string>,
): Promise<Delivery> {
  const timeout = AbortSignal.timeout(ctx.state.settings.webhook_timeout_ms);
  try {
    const response = await fetch(url, {
      method: "POST",
      body: raw,
      headers: { "content-type": "application/json", "user-agent": "facebookexternalua", ...headers },
      redirect: "manual",
      signal: AbortSignal.any([timeout, ctx.state.shutdown.signal]),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (error) {
    return { status: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

function retry(ctx: Ctx, url: string, raw: string, headers: Record<string, string>, n: number): void {
  const delay = ctx.state.settings.webhook_retry_delays_ms[n];
  if (delay === undefined) {
    ctx.log.warn({ url }, "webhook notification dropped after its last retry");
    return;
  }
  later(ctx.state, delay, () => {
    void attempt(ctx, url, raw, headers).then((result) => {
      if (result.status < 200 || result.status > 299) retry(ctx, url, raw, headers, n + 1);
    });
  });
}

/**
 * POST a notification to the app's webhook URL, signed; the app's answer to the first attempt.
 * Like Meta, a notification that is not answered 2xx is sent again later (same body, same signature).
 */
export async function deliver(ctx: Ctx, payload: unknown): Promise<Delivery> {
  const app = ctx.state.app;
  if (!app) {
    ctx.log.debug("no app registered: notification not sent");
    return { status: 0, error: "no app registered: PUT /_sandbox/app first" };
  }
  const raw = JSON.stringify(payload);
  const headers = signatureHeaders(app.app_secret, raw);
  const result = await attempt(ctx, app.webhook_url, raw, headers);
  if (result.status < 200 || result.status > 299) {
    ctx.log.warn(
      { url: app.webhook_url, status: result.status, error: result.error },
      "webhook notification failed",
    );
    retry(ctx, app.webhook_url, raw, headers, 0);
  }
  return result;
}
