import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { takeOverAfterSend } from "@/lib/conversations/take-over-on-send";
import { MESSAGE_ENDPOINTS } from "@/lib/messages/endpoints";
import { sendMessage } from "@/lib/messages/send-message";

export const POST = apiRoute(MESSAGE_ENDPOINTS.sendMessage, async ({ org, body }) =>
  ok(await sendMessage(org.id, body, undefined, takeOverAfterSend())),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
