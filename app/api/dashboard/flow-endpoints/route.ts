import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_ENDPOINT_DASHBOARD } from "@/lib/flow-endpoint/dashboard-endpoints";
import { listFlowEndpoints } from "@/lib/flow-endpoint/list-flow-endpoints";

export const GET = dashboardEndpoint(FLOW_ENDPOINT_DASHBOARD.listFlowEndpoints, async ({ session }) => ({
  endpoints: await listFlowEndpoints(session.organizationId),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
