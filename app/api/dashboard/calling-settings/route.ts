import { listCallSettings } from "@/lib/calls/call-settings";
import { CALL_SETTINGS_DASHBOARD } from "@/lib/calls/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CALL_SETTINGS_DASHBOARD.listCallSettings, async ({ session }) => ({
  channels: await listCallSettings(session.organizationId),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
