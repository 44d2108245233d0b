import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";
import { previewFlow } from "@/lib/flows/preview-flow";

export const GET = dashboardEndpoint(FLOW_DASHBOARD.previewFlow, async ({ session, params }) =>
  previewFlow(session.organizationId, params.id),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
