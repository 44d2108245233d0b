import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";
import { flowResponsesPage } from "@/lib/flows/flow-responses-page";

export const GET = dashboardEndpoint(FLOW_DASHBOARD.listFlowResponses, async ({ session, params, query }) =>
  flowResponsesPage(session.organizationId, params.id, query),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
