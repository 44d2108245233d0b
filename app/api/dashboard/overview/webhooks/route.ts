import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { failingWebhooks } from "@/lib/webhooks/failing-webhooks";
import { forRole, supportFailingWebhooks } from "@/lib/webhooks/support-view";

/** Agents see each URL without query or user-info. */
export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.listFailingWebhooks, async ({ session }) => ({
  webhooks: forRole(session.role, await failingWebhooks(session.organizationId), supportFailingWebhooks),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
