import { OVERVIEW_DASHBOARD } from "@/lib/dashboard/dashboard-endpoints";
import { developerOverview } from "@/lib/dashboard/overview-developers";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(OVERVIEW_DASHBOARD.getDeveloperOverview, async ({ session, query }) =>
  developerOverview(session.organizationId, query),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
