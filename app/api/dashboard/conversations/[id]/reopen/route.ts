import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { reopenConversation } from "@/lib/conversations/reopen-conversation";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.reopen, async ({ session, params }) => {
  const conversation = await reopenConversation(
    session.organizationId,
    conversationId(params.id),
    session.userId,
  );
  return { id: conversation.id, status: conversation.status };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
