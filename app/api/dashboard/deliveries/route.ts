import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { forRole, supportDeliveriesPage } from "@/lib/webhooks/support-view";

/** Agents see each webhook's URL without query or user-info. */
export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.listDeliveries, async ({ session, query }) => {
  const { webhook_id, status, event, since, until, cursor, sort, limit } = query;
  const page = await listDeliveries(
    session.organizationId,
    { webhookId: webhook_id, status, event, since, until },
    { cursor, sort, limit },
  );
  return forRole(session.role, page, supportDeliveriesPage);
});

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
