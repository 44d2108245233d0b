import { CHANNEL_DASHBOARD } from "@/lib/channels/dashboard-endpoints";
import { updateChannelSettings } from "@/lib/channels/update-channel-settings";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const PATCH = dashboardEndpoint(
  CHANNEL_DASHBOARD.updateSettings,
  async ({ session, params, body }) => ({
    channel: await updateChannelSettings(session.organizationId, params.id, body),
  }),
);

export const { GET, POST, PUT, DELETE } = dashboardMethodNotAllowed(["PATCH"]);
