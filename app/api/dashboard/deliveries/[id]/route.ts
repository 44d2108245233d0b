import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getDeliveryDetail } from "@/lib/webhooks/get-delivery-detail";

/** One delivery: payload as sent, every attempt with its headers, the next attempt time. */
export const GET = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: SUPPORT },
  async ({ session, params }) =>
    jsonOk({ delivery: await getDeliveryDetail(session.organizationId, params.id) }),
);
