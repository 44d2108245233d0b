import { createBroadcastRequest } from "@/lib/broadcasts/create-request";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { previewBroadcast } from "@/lib/broadcasts/preview-broadcast";
import { dashboardEndpoint } from "@/lib/dashboard/route";

/** The body parsed with the send path's template checks (createBroadcastRequest). */
export const POST = dashboardEndpoint(
  { ...BROADCAST_DASHBOARD.previewBroadcast, body: createBroadcastRequest },
  async ({ session, body }) => ({ preview: await previewBroadcast(session.organizationId, body) }),
);
