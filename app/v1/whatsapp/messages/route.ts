import { accepted, ok } from "@/lib/api/envelope";
import { prefersRespondAsync } from "@/lib/api/prefer";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { takeOverAfterSend } from "@/lib/conversations/take-over-on-send";
import { MESSAGE_ENDPOINTS } from "@/lib/messages/endpoints";
import { sendMessage } from "@/lib/messages/send-message";

export const POST = apiRoute(MESSAGE_ENDPOINTS.sendMessage, async ({ org, body, request }) => {
  const result = await sendMessage(org.id, body, undefined, takeOverAfterSend(), {
    respondAsync: prefersRespondAsync(request.headers),
  });
  if (result.status !== "queued") return ok(result);
  // RFC 7240 §3: the preference was honoured; §4.1: 202, and where the outcome will be
  return accepted(result, {
    "Preference-Applied": "respond-async",
    Location: `/v1/whatsapp/messages/${result.messageId}`,
  });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
