import { jsonOk } from "@/lib/api/respond";
import { assignConversation } from "@/lib/conversations/assign-conversation";
import { assignBody } from "@/lib/dashboard/conversation-schemas";
import { conversationId } from "@/lib/dashboard/get-conversation-thread";
import { EVERYONE } from "@/lib/dashboard/roles";
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
