import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { getDeliveryDetail } from "@/lib/webhooks/get-delivery-detail";
import { forRole, supportDelivery } from "@/lib/webhooks/support-view";

/** Agents see the webhook's URL without query or user-info and the signature headers masked. */
export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.getDelivery, async ({ session, params }) => ({
  delivery: forRole(
    session.role,
    await getDeliveryDetail(session.organizationId, params.id),
    supportDelivery,
  ),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
