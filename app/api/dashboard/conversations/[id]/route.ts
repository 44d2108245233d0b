import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { getConversationThread } from "@/lib/conversations/get-conversation-thread";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONVERSATION_DASHBOARD.getThread, async ({ session, params }) =>
  getConversationThread(session.organizationId, params.id, session.userId),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
