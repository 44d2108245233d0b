import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { changeFlowStatus } from "@/lib/flows/change-flow-status";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";

/** With the API's rules: a Flow with validation errors is 400, one that is not a draft 409. */
export const POST = dashboardEndpoint(FLOW_DASHBOARD.publishFlow, async ({ session, params }) => ({
  flow: await changeFlowStatus(session.organizationId, params.id, "publish"),
}));

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
