import { updateCallSettings } from "@/lib/calls/call-settings";
import { CALL_SETTINGS_DASHBOARD } from "@/lib/calls/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const PATCH = dashboardEndpoint(
  CALL_SETTINGS_DASHBOARD.updateCallSettings,
  async ({ session, params, body }) => ({
    settings: await updateCallSettings(session.organizationId, params.id, body),
  }),
);

export const { GET, POST, PUT, DELETE } = dashboardMethodNotAllowed(["PATCH"]);
