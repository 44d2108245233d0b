import { jsonOk } from "@/lib/api/respond";
import { getDeliveryDetail } from "@/lib/dashboard/get-delivery-detail";
import { SUPPORT } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** One delivery: payload as sent, every attempt with its headers, the next attempt time. */
export const GET = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: SUPPORT },
  async ({ session, params }) =>
    jsonOk({ delivery: await getDeliveryDetail(session.organizationId, params.id) }),
);
