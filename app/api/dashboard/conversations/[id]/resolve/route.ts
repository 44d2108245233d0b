import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { resolveConversation } from "@/lib/conversations/resolve-conversation";
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
