import { declineCall } from "@/lib/calls/dashboard-calls";
import { CALL_DASHBOARD } from "@/lib/calls/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CALL_DASHBOARD.decline, async ({ session, params }) =>
  declineCall(session, params.id),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
