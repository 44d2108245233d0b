import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { resolveConversation } from "@/lib/conversations/resolve-conversation";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.resolve, async ({ session, params }) => {
  const conversation = await resolveConversation(
    session.organizationId,
    conversationId(params.id),
    session.userId,
  );
  return { id: conversation.id, status: conversation.status };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
