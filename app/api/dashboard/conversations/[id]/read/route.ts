import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { markConversationRead } from "@/lib/conversations/mark-conversation-read";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

/** A 404 for a conversation of another organization, like the thread itself. */
export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.markRead, async ({ session, params }) =>
  markConversationRead(session, conversationId(params.id)),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
