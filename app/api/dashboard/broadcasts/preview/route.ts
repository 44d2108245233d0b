import { withConcurrencySlot } from "@/lib/api/concurrency-slot";
import { createBroadcastRequest } from "@/lib/broadcasts/create-request";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { previewBroadcast } from "@/lib/broadcasts/preview-broadcast";
import { TX_OPTIONS } from "@/lib/broadcasts/store-broadcast";
import { config } from "@/lib/config";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

/**
 * The body parsed with the send path's template checks (createBroadcastRequest). A preview holds
 * a transaction of up to 10,000 inserts for up to TX_OPTIONS.timeout: a few at a time per
 * organization, so that one organization cannot take the web's whole database pool.
 */
export const POST = dashboardEndpoint(
  { ...BROADCAST_DASHBOARD.previewBroadcast, body: createBroadcastRequest },
  async ({ session, body }) => {
    const max = config().DASHBOARD_PREVIEWS_PER_ORGANIZATION;
    const slot = {
      key: `preview:o:${session.organizationId}`,
      max,
      leaseMs: TX_OPTIONS.timeout + TX_OPTIONS.maxWait + 60_000,
      message: `Broadcast previews are limited to ${max} at a time per organization; try again in a few seconds.`,
    };
    return { preview: await withConcurrencySlot(slot, () => previewBroadcast(session.organizationId, body)) };
  },
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
