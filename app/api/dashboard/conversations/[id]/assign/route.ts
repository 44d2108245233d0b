import { assignConversation } from "@/lib/conversations/assign-conversation";
import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONVERSATION_DASHBOARD.assign, async ({ session, params, body }) => {
  const conversation = await assignConversation(
    session.organizationId,
    conversationId(params.id),
    body.assignee_id,
  );
  return { id: conversation.id, status: conversation.status, assignee_id: conversation.assigneeId };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
