import { isApiError } from "@/lib/api/errors";
import { BODY_LIMITS, readBody } from "@/lib/api/read-body";
import { answerDataRequest } from "@/lib/flow-endpoint/answer-data-request";
import { logger } from "@/lib/logger";

function plain(status: number, text: string, contentType = "text/plain; charset=utf-8"): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": contentType, "Cache-Control": "no-store" },
  });
}

/**
 * The Flows data endpoint WhatsApp calls for a channel (machine to machine, outside /v1, like
 * app/webhooks/whatsapp): the body is read through the one bounded reader, then checked,
 * decrypted and answered by lib/flow-endpoint/answer-data-request.ts.
 */
export async function POST(request: Request, context: { params: Promise<{ channelId: string }> }) {
  const { channelId } = await context.params;
  let raw: Buffer;
  try {
    raw = await readBody(request, BODY_LIMITS.flowEndpoint);
  } catch (error) {
    if (isApiError(error)) return plain(error.status, error.message);
    return plain(400, "The body could not be read.");
  }
  try {
    const answer = await answerDataRequest(channelId, raw, request.headers.get("x-hub-signature-256"));
    return plain(answer.status, answer.body, answer.contentType);
  } catch (error) {
    logger.error({ err: String(error), channelId }, "flow endpoint request failed");
    return plain(500, "The request could not be handled.");
  }
}

function wrongMethod(): Response {
  return new Response("Use POST.", { status: 405, headers: { Allow: "POST", "Content-Type": "text/plain" } });
}

export const GET = wrongMethod;
export const PUT = wrongMethod;
export const PATCH = wrongMethod;
export const DELETE = wrongMethod;
