import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { conversationsQuery } from "@/lib/conversations/conversation-schemas";
import { listConversations } from "@/lib/conversations/list-conversations";
import { dashboardRoute } from "@/lib/dashboard/route";

/** One status of the conversations, most recent activity first, by keyset pages. */
export const GET = dashboardRoute(
  { roles: EVERYONE, query: conversationsQuery },
  async ({ session, query }) =>
    jsonOk(await listConversations(session.organizationId, session.userId, query)),
);
