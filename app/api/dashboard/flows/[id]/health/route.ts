import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";
import { flowHealthHistory } from "@/lib/flows/flow-health-history";

export const GET = dashboardEndpoint(FLOW_DASHBOARD.flowHealth, async ({ session, params }) =>
  flowHealthHistory(session.organizationId, params.id),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
