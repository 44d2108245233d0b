import { CHANNEL_DASHBOARD } from "@/lib/channels/dashboard-endpoints";
import { replaceChannelToken } from "@/lib/channels/replace-channel-token";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CHANNEL_DASHBOARD.replaceToken, async ({ session, params, body }) => ({
  channel: await replaceChannelToken(session.organizationId, params.id, body.access_token),
}));

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
