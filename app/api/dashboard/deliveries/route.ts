import { jsonOk } from "@/lib/api/respond";
import { deliveriesQuery } from "@/lib/dashboard/delivery-schemas";
import { listOrgDeliveries } from "@/lib/dashboard/list-org-deliveries";
import { SUPPORT } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Deliveries across the organization's webhooks, filtered, newest (or with sort=oldest oldest) first, by keyset pages. */
export const GET = dashboardRoute({ roles: SUPPORT, query: deliveriesQuery }, async ({ session, query }) =>
  jsonOk(await listOrgDeliveries(session.organizationId, query)),
);
