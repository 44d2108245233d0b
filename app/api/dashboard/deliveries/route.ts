import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { deliveriesQuery } from "@/lib/webhooks/delivery-schemas";
import { listOrgDeliveries } from "@/lib/webhooks/list-org-deliveries";
import { forRole, supportDeliveriesPage } from "@/lib/webhooks/support-view";

/**
 * Deliveries across the organization's webhooks, filtered, newest (or with sort=oldest oldest)
 * first, by keyset pages. Agents see each webhook's URL without query or user-info.
 */
export const GET = dashboardRoute({ roles: SUPPORT, query: deliveriesQuery }, async ({ session, query }) =>
  jsonOk(
    forRole(session.role, await listOrgDeliveries(session.organizationId, query), supportDeliveriesPage),
  ),
);
