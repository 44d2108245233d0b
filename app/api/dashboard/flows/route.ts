import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";
import { listFlowsPage } from "@/lib/flows/list-flows-page";

export const GET = dashboardEndpoint(FLOW_DASHBOARD.listFlows, async ({ session, query }) =>
  listFlowsPage(session.organizationId, query),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
