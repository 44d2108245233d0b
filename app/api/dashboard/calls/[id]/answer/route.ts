import { answerCall } from "@/lib/calls/dashboard-calls";
import { CALL_DASHBOARD } from "@/lib/calls/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CALL_DASHBOARD.answer, async ({ session, params, body }) =>
  answerCall(session, params.id, body.sdp),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
