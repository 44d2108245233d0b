import { jsonOk } from "@/lib/api/respond";
import { resolveConversation } from "@/lib/conversations/resolve-conversation";
import { conversationId } from "@/lib/dashboard/get-conversation-thread";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Marks the conversation resolved by the signed-in staff member (conversation.resolved). */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: EVERYONE },
  async ({ session, params }) => {
    const conversation = await resolveConversation(
      session.organizationId,
      conversationId(params.id),
      session.userId,
    );
    return jsonOk({ id: conversation.id, status: conversation.status });
  },
);
