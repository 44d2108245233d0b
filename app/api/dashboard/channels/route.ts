import { addChannel } from "@/lib/channels/add-channel";
import { CHANNEL_DASHBOARD } from "@/lib/channels/dashboard-endpoints";
import { listChannelRows, toChannelRow } from "@/lib/channels/list-channels";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CHANNEL_DASHBOARD.listChannels, async ({ session }) => ({
  channels: await listChannelRows(session.organizationId),
}));

export const POST = dashboardEndpoint(CHANNEL_DASHBOARD.addChannel, async ({ session, body }) => ({
  channel: toChannelRow(await addChannel(session.organizationId, body), 0),
}));

export const { PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET", "POST"]);
