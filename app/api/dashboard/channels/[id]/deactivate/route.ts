import { CHANNEL_DASHBOARD } from "@/lib/channels/dashboard-endpoints";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { toChannelRow } from "@/lib/channels/list-channels";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CHANNEL_DASHBOARD.deactivateChannel, async ({ session, params }) => {
  const channel = await getChannelOrThrow(session.organizationId, params.id);
  const done = (await deactivateChannel(channel.id, session.organizationId)) ?? channel;
  return { channel: toChannelRow(done, 0) };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
