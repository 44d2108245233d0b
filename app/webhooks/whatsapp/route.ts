import { config } from "@/lib/config";
import { logger } from "@/lib/logger";
import { receiveNotification } from "@/lib/upstream/receive-notification";
import { verifyHubSignature } from "@/lib/upstream/verify-signature";

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The upstream's subscription handshake: echo hub.challenge when the verify token matches. */
export async function GET(request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const token = config().WHATSAPP_VERIFY_TOKEN;
  if (params.get("hub.mode") === "subscribe" && token && params.get("hub.verify_token") === token) {
    return plain(200, params.get("hub.challenge") ?? "");
  }
  return plain(403, "verification failed");
}

/** Upstream notifications: verify the signature, store, acknowledge; the worker does the rest. */
export async function POST(request: Request): Promise<Response> {
  const secret = config().WHATSAPP_APP_SECRET;
  const raw = Buffer.from(await request.arrayBuffer());
  if (!secret || !verifyHubSignature(raw, request.headers.get("x-hub-signature-256"), secret)) {
    return plain(401, "invalid signature");
  }
  let payload: unknown;
  try {
    payload = JSON.parse(raw.toString("utf8"));
  } catch {
    return plain(400, "invalid JSON");
  }
  try {
    await receiveNotification(payload);
    return plain(200, "EVENT_RECEIVED");
  } catch (err) {
    // a non-2xx makes the upstream deliver the notification again later
    logger.error({ err: String(err) }, "could not store upstream notification");
    return plain(503, "temporarily unavailable");
  }
}
