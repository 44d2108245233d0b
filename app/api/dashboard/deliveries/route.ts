import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { deliveriesQuery } from "@/lib/webhooks/delivery-schemas";
import { listOrgDeliveries } from "@/lib/webhooks/list-org-deliveries";

/** Deliveries across the organization's webhooks, filtered, newest (or with sort=oldest oldest) first, by keyset pages. */
export const GET = dashboardRoute({ roles: SUPPORT, query: deliveriesQuery }, async ({ session, query }) =>
  jsonOk(await listOrgDeliveries(session.organizationId, query)),
);
