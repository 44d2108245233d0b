import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { listConversations } from "@/lib/conversations/list-conversations";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONVERSATION_DASHBOARD.listConversations, async ({ session, query }) =>
  listConversations(session.organizationId, session.userId, query),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
