import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { countBacklog } from "@/lib/webhooks/count-backlog";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";

export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.countBacklog, async ({ session, query }) =>
  countBacklog(session.organizationId, {
    webhookId: query.webhook_id,
    since: query.since,
    until: query.until,
  }),
);

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
