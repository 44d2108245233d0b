import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { redeliverFailed } from "@/lib/webhooks/redeliver-failed";

export const POST = dashboardEndpoint(WEBHOOK_DASHBOARD.bulkRedeliver, async ({ session, body }) =>
  redeliverFailed(session.organizationId, {
    webhookId: body.webhook_id,
    since: body.since,
    until: body.until,
  }),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
