import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { assignBody } from "@/lib/conversations/conversation-schemas";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Assigns to a staff member of the organization (conversation.assigned). Agents too. */
export const POST = dashboardRoute<typeof assignBody, undefined, { id: string }>(
  { roles: EVERYONE, body: assignBody },
  async ({ session, params, body }) => {
    const conversation = await assignConversation(
      session.organizationId,
      conversationId(params.id),
      body.assignee_id,
    );
    return jsonOk({ id: conversation.id, status: conversation.status, assignee_id: conversation.assigneeId });
  },
);
