import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { retryNow } from "@/lib/webhooks/retry-now";

export const POST = dashboardEndpoint(WEBHOOK_DASHBOARD.retryNow, async ({ session, body }) =>
  retryNow(session.organizationId, { webhookId: body.webhook_id, since: body.since, until: body.until }),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
