import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { USAGE_DASHBOARD } from "@/lib/usage/dashboard-endpoints";
import { getRateCard, setRateCard } from "@/lib/usage/rate-card";

export const GET = dashboardEndpoint(USAGE_DASHBOARD.getRateCard, async ({ session }) => ({
  rate_card: await getRateCard(session.organizationId),
}));

export const PUT = dashboardEndpoint(USAGE_DASHBOARD.setRateCard, async ({ session, body }) => ({
  rate_card: await setRateCard(session.organizationId, body),
}));

export const { POST, PATCH, DELETE } = dashboardMethodNotAllowed(["GET", "PUT"]);
