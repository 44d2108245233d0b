import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { redeliverOne } from "@/lib/webhooks/redeliver-one";
import { forRole, supportDelivery } from "@/lib/webhooks/support-view";

/** Agents: signatures masked. */
export const POST = dashboardEndpoint(WEBHOOK_DASHBOARD.redeliver, async ({ session, params }) => ({
  delivery: forRole(session.role, await redeliverOne(session.organizationId, params.id), supportDelivery),
}));

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
