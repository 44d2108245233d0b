import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.reply, async ({ session, params, body }) =>
  replyToConversation(session.organizationId, conversationId(params.id), body),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
