import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { CONVERSATION_ENDPOINTS } from "@/lib/conversations/endpoints";
import { controlThread } from "@/lib/conversations/thread-control";

export const POST = apiRoute(CONVERSATION_ENDPOINTS.releaseConversation, async ({ org, params }) =>
  ok(await controlThread(org.id, params.id, "release")),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
