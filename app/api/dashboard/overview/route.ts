import { OVERVIEW_DASHBOARD } from "@/lib/dashboard/dashboard-endpoints";
import { overviewStats } from "@/lib/dashboard/overview-stats";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(OVERVIEW_DASHBOARD.getOverview, async ({ session, query }) =>
  overviewStats(session.organizationId, query),
);
