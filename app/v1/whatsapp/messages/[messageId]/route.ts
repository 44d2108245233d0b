import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { MESSAGE_ENDPOINTS } from "@/lib/messages/endpoints";
import { getMessage } from "@/lib/messages/get-message";

/** One message of the organization: status, pricing, source, edits and deletion. */
export const GET = apiRoute(MESSAGE_ENDPOINTS.getMessage, async ({ org, params }) =>
  ok(await getMessage(org.id, params.messageId)),
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
