import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { getConversationThread } from "@/lib/conversations/get-conversation-thread";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The conversation and its latest messages with their statuses; 404 for another organization's. */
export const GET = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: EVERYONE },
  async ({ session, params }) => jsonOk(await getConversationThread(session.organizationId, params.id)),
);
