import { CHANNEL_DASHBOARD } from "@/lib/channels/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { syncChannelTemplates } from "@/lib/templates/sync-channel-templates";

export const POST = dashboardEndpoint(CHANNEL_DASHBOARD.syncTemplates, async ({ session, params }) =>
  syncChannelTemplates(session.organizationId, params.id),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
