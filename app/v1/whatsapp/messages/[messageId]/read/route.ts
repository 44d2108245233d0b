import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { MESSAGE_ENDPOINTS } from "@/lib/messages/endpoints";
import { markMessageRead } from "@/lib/messages/mark-read";

/** Marks a customer's message read upstream, optionally showing the typing indicator. */
export const POST = apiRoute(MESSAGE_ENDPOINTS.markMessageRead, async ({ org, body, params }) =>
  ok(await markMessageRead(org.id, params.messageId, body.typing_indicator)),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
