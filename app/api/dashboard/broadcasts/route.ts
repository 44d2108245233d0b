import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { createBroadcastRequest } from "@/lib/broadcasts/create-request";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import { listBroadcasts } from "@/lib/broadcasts/list-broadcasts";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(BROADCAST_DASHBOARD.listBroadcasts, async ({ session, query }) => {
  const { broadcasts, total } = await listBroadcasts(session.organizationId, {
    page: query.page,
    perPage: query.per_page,
  });
  return { broadcasts, page: query.page, per_page: query.per_page, total };
});

/** The body parsed with the send path's template checks (createBroadcastRequest). */
export const POST = dashboardEndpoint(
  { ...BROADCAST_DASHBOARD.createBroadcast, body: createBroadcastRequest },
  async ({ session, body }) => ({ broadcast: await createBroadcast(session.organizationId, body) }),
);

export const { PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET", "POST"]);
