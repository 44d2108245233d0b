import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { listWebhookNames } from "@/lib/webhooks/repository/webhooks";

/** Names only, for every role that reads deliveries: the managers' list carries settings and health. */
export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.listDeliveryWebhooks, async ({ session }) => ({
  webhooks: await listWebhookNames(session.organizationId),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
