import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { conversationId } from "@/lib/conversations/get-conversation-thread";
import { replyBody } from "@/lib/conversations/reply-schemas";
import { replyToConversation } from "@/lib/conversations/reply-to-conversation";
import { dashboardRoute } from "@/lib/dashboard/route";

/**
 * Staff (agents too) answer the customer: text inside the 24-hour window, a template outside it.
 * Counted against DASHBOARD_SENDS_PER_USER and _PER_ORGANIZATION.
 */
export const POST = dashboardRoute<typeof replyBody, undefined, { id: string }>(
  { roles: EVERYONE, body: replyBody, limit: "send" },
  async ({ session, params, body }) =>
    jsonOk(await replyToConversation(session.organizationId, conversationId(params.id), body)),
);
