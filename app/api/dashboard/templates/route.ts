import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { TEMPLATE_DASHBOARD } from "@/lib/templates/dashboard-endpoints";
import { listOrgTemplates } from "@/lib/templates/list-templates";

export const GET = dashboardEndpoint(TEMPLATE_DASHBOARD.listTemplates, async ({ session, query }) =>
  listOrgTemplates(session.organizationId, query),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
