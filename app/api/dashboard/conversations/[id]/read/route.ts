import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { markConversationRead } from "@/lib/conversations/mark-conversation-read";
import { dashboardRoute } from "@/lib/dashboard/route";

/**
 * Staff opened the conversation: mark the customer's messages read upstream when the organization
 * chose so (a 404 for a conversation of another organization, like the thread itself). A call that
 * goes upstream counts as a dashboard send (429 over the limit).
 */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: EVERYONE },
  async ({ session, params }) => jsonOk(await markConversationRead(session, conversationId(params.id))),
);
