import "#server-only";
import type { IncomingMessage } from "node:http";
import { ApiError, isApiError } from "@/lib/api/errors";
import { BODY_LIMITS, readBody, readNodeBody } from "@/lib/api/read-body";
import { cacheControlFor, errorAnswer, type PlainAnswer, toResponse } from "@/lib/api/respond";
import { config } from "@/lib/config";
import { verifyHubSignature } from "@/lib/crypto/hub-signature";
import { receiveNotification } from "@/lib/inbound/receive-notification";
import { logger } from "@/lib/logger";

/**
 * The upstream receiver (`/webhooks/whatsapp`): one declaration of its rules, served two ways. In
 * production scripts/web.ts answers it on node:http before a request reaches Next.js (issue 33:
 * Next's own per-request work cost more than the acknowledgement itself), reading the body with
 * readNodeBody and writing the plain answer as it is; the route under app/webhooks/whatsapp
 * serves the same functions for `next dev` (and every method under WEB_RECEIVER=next) through
 * web Requests and Responses. Either way the same limit, checks, store, answers and headers.
 */
export const UPSTREAM_RECEIVER_PATH = "/webhooks/whatsapp";

/** The methods the receiver answers; any other goes to Next's route (405 in the error envelope). */
export const UPSTREAM_RECEIVER_METHODS = ["GET", "POST"] as const;

function plain(status: number, text: string): PlainAnswer {
  return {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControlFor(text) },
    body: text,
  };
}

/** The upstream's subscription handshake: echo hub.challenge when the verify token matches. */
export function answerSubscription(search: URLSearchParams): PlainAnswer {
  const token = config().WHATSAPP_VERIFY_TOKEN;
  if (search.get("hub.mode") === "subscribe" && token && search.get("hub.verify_token") === token) {
    return plain(200, search.get("hub.challenge") ?? "");
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
 * Upstream notifications: read at most BODY_LIMITS.upstreamNotification bytes (`read`), verify
 * the signature over them, store, acknowledge; the worker does the rest.
 */
export async function answerNotification(
  read: (limit: number) => Promise<Buffer>,
  signature: string | null,
): Promise<PlainAnswer> {
  let raw: Buffer;
  let payload: Record<string, unknown>;
  try {
    raw = await read(BODY_LIMITS.upstreamNotification);
    const secret = config().WHATSAPP_APP_SECRET;
    if (signature === null) {
      throw new ApiError("AUTH_MISSING_KEY", "The X-Hub-Signature-256 header is missing.");
    }
    if (!secret || !verifyHubSignature(raw, signature, secret)) {
      throw new ApiError("AUTH_INVALID_KEY", "The X-Hub-Signature-256 signature does not match the body.");
    }
    payload = parseObject(raw);
  } catch (error) {
    // refusals in the API's error envelope, so that every client error looks the same
    if (isApiError(error)) return errorAnswer(error);
    logger.warn({ err: String(error) }, "could not read upstream notification");
    return errorAnswer(new ApiError("VALIDATION_ERROR", "The notification could not be read."));
  }
  try {
    await receiveNotification(raw, payload);
    return plain(200, "EVENT_RECEIVED");
  } catch (err) {
    // a non-2xx makes the upstream deliver the notification again later
    logger.error({ err: String(err) }, "could not store upstream notification");
    return errorAnswer(
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

/** GET through Next's route. */
export async function verifyUpstreamSubscription(request: Request): Promise<Response> {
  return toResponse(answerSubscription(new URL(request.url).searchParams));
}

/** POST through Next's route. */
export async function receiveUpstreamNotification(request: Request): Promise<Response> {
  return toResponse(
    await answerNotification((limit) => readBody(request, limit), request.headers.get("x-hub-signature-256")),
  );
}

/** GET or POST straight from node:http (isUpstreamReceiverRequest said it is one). */
export async function answerOnNode(req: IncomingMessage): Promise<PlainAnswer> {
  if (req.method === "POST") {
    const signature = req.headers["x-hub-signature-256"];
    return answerNotification(
      (limit) => readNodeBody(req, limit),
      typeof signature === "string" ? signature : null,
    );
  }
  const url = req.url ?? "";
  const query = url.indexOf("?");
  return answerSubscription(new URLSearchParams(query === -1 ? "" : url.slice(query + 1)));
}
