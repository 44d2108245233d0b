import { liveCalls } from "@/lib/calls/dashboard-calls";
import { CALL_DASHBOARD } from "@/lib/calls/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CALL_DASHBOARD.live, async ({ session }) => liveCalls(session));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
