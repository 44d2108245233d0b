import "#server-only";
import { ApiError, isApiError } from "@/lib/api/errors";
import { BODY_LIMITS, readBody } from "@/lib/api/read-body";
import { cacheControlFor, errorResponse } from "@/lib/api/respond";
import { config } from "@/lib/config";
import { receiveNotification } from "@/lib/inbound/receive-notification";
import { verifyHubSignature } from "@/lib/inbound/verify-signature";
import { logger } from "@/lib/logger";

/**
 * The upstream receiver (`/webhooks/whatsapp`): one declaration of its rules, served twice. In
 * production scripts/web.ts answers it on node:http before a request reaches Next.js (issue 33:
 * Next's own per-request work cost more than the acknowledgement itself); the route under
 * app/webhooks/whatsapp re-exports these functions for `next dev` and any server without that
 * shortcut. Either way the same answers, headers and limits.
 */
export const UPSTREAM_RECEIVER_PATH = "/webhooks/whatsapp";

/** The methods the receiver answers; any other goes to Next's route (405 in the error envelope). */
export const UPSTREAM_RECEIVER_METHODS = ["GET", "POST"] as const;

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControlFor(text) },
  });
}

/** The upstream's subscription handshake: echo hub.challenge when the verify token matches. */
export async function verifyUpstreamSubscription(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const token = config().WHATSAPP_VERIFY_TOKEN;
  if (params.get("hub.mode") === "subscribe" && token && params.get("hub.verify_token") === token) {
    return plain(200, params.get("hub.challenge") ?? "");
  }
  return plain(403, "verification failed");
}

function parseObject(raw: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new ApiError("VALIDATION_ERROR", "The notification is not valid JSON.", {
      errors: [{ field: "body", message: "malformed JSON" }],
    });
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ApiError("VALIDATION_ERROR", "The notification must be a JSON object.", {
      errors: [{ field: "body", message: "expected a JSON object" }],
    });
  }
  return parsed as Record<string, unknown>;
}

/**
 * Upstream notifications: read at most BODY_LIMITS.upstreamNotification bytes, verify the
 * signature over them, store, acknowledge; the worker does the rest.
 */
export async function receiveUpstreamNotification(request: Request): Promise<Response> {
  let raw: Buffer;
  let payload: Record<string, unknown>;
  try {
    raw = await readBody(request, BODY_LIMITS.upstreamNotification);
    const secret = config().WHATSAPP_APP_SECRET;
    const signature = request.headers.get("x-hub-signature-256");
    if (signature === null) {
      throw new ApiError("AUTH_MISSING_KEY", "The X-Hub-Signature-256 header is missing.");
    }
    if (!secret || !verifyHubSignature(raw, signature, secret)) {
      throw new ApiError("AUTH_INVALID_KEY", "The X-Hub-Signature-256 signature does not match the body.");
    }
    payload = parseObject(raw);
  } catch (error) {
    // refusals in the API's error envelope, so that every client error looks the same
    if (isApiError(error)) return errorResponse(error);
    logger.warn({ err: String(error) }, "could not read upstream notification");
    return errorResponse(new ApiError("VALIDATION_ERROR", "The notification could not be read."));
  }
  try {
    await receiveNotification(raw, payload);
    return plain(200, "EVENT_RECEIVED");
  } catch (err) {
    // a non-2xx makes the upstream deliver the notification again later
    logger.error({ err: String(err) }, "could not store upstream notification");
    return errorResponse(
      new ApiError(
        "SERVER_SERVICE_UNAVAILABLE",
        "The notification could not be stored; retry later.",
        undefined,
        {
          "Retry-After": "1",
        },
      ),
    );
  }
}

/** Any other method: 405 with Allow, in the error envelope. */
export async function upstreamReceiverWrongMethod(request: Request): Promise<Response> {
  const allow = UPSTREAM_RECEIVER_METHODS.join(", ");
  return errorResponse(
    new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not supported here; use ${allow}.`, undefined, {
      Allow: allow,
    }),
  );
}
