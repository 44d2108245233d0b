import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getDeliveryDetail } from "@/lib/webhooks/get-delivery-detail";
import { forRole, supportDelivery } from "@/lib/webhooks/support-view";

/**
 * One delivery: payload as sent, every attempt with its headers, the next attempt time. Agents
 * see the webhook's URL without query or user-info and the signature headers masked.
 */
export const GET = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: SUPPORT },
  async ({ session, params }) =>
    jsonOk({
      delivery: forRole(
        session.role,
        await getDeliveryDetail(session.organizationId, params.id),
        supportDelivery,
      ),
    }),
);
