import { OVERVIEW_DASHBOARD } from "@/lib/dashboard/dashboard-endpoints";
import { overviewStats } from "@/lib/dashboard/overview-stats";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(OVERVIEW_DASHBOARD.getOverview, async ({ session, query }) =>
  overviewStats(session.organizationId, query),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
