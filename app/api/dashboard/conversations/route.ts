import { jsonOk } from "@/lib/api/respond";
import { conversationsQuery } from "@/lib/dashboard/conversation-schemas";
import { listConversations } from "@/lib/dashboard/list-conversations";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** One status of the conversations, most recent activity first, by keyset pages. */
export const GET = dashboardRoute(
  { roles: EVERYONE, query: conversationsQuery },
  async ({ session, query }) =>
    jsonOk(await listConversations(session.organizationId, session.userId, query)),
);
