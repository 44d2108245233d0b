import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import { inboxPulse } from "@/lib/conversations/repository/inbox";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONVERSATION_DASHBOARD.pulse, async ({ session, query }) =>
  inboxPulse(session.organizationId, query.conversation_id),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
