import { dashboardEndpoint } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { listOrgDeliveries } from "@/lib/webhooks/list-org-deliveries";
import { forRole, supportDeliveriesPage } from "@/lib/webhooks/support-view";

/** Agents see each webhook's URL without query or user-info. */
export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.listDeliveries, async ({ session, query }) =>
  forRole(session.role, await listOrgDeliveries(session.organizationId, query), supportDeliveriesPage),
);
