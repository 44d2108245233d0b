import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

export const POST = dashboardEndpoint(WEBHOOK_DASHBOARD.sendTestEvent, async ({ session, params }) =>
  sendTestEvent(session.organizationId, params.id),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
