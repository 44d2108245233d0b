import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { USAGE_DASHBOARD } from "@/lib/usage/dashboard-endpoints";
import { getUsageOverview } from "@/lib/usage/usage-overview";

export const GET = dashboardEndpoint(USAGE_DASHBOARD.getUsage, async ({ session, query }) => ({
  usage: await getUsageOverview(session.organizationId, query),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
