import { pageQuery } from "@/lib/api/pagination";
import { BODY_LIMITS } from "@/lib/api/read-body";
import { jsonOk } from "@/lib/api/respond";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { createBroadcastRequest } from "@/lib/broadcasts/create-request";
import { listBroadcasts } from "@/lib/broadcasts/list-broadcasts";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The Broadcasts page: newest first, with counts (everyone sees them). */
export const GET = dashboardRoute({ roles: EVERYONE, query: pageQuery }, async ({ session, query }) => {
  const { broadcasts, total } = await listBroadcasts(session.organizationId, {
    page: query.page,
    perPage: query.per_page,
  });
  return jsonOk({ broadcasts, page: query.page, per_page: query.per_page, total });
});

/** Owners and admins create broadcasts, with the same body and checks as POST /v1/whatsapp/broadcasts. */
export const POST = dashboardRoute(
  { roles: MANAGERS, body: createBroadcastRequest, maxBodyBytes: BODY_LIMITS.v1Broadcast },
  async ({ session, body }) =>
    jsonOk({ broadcast: await createBroadcast(session.organizationId, body) }, 201),
);
