import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { listBroadcasts } from "@/lib/broadcasts/list-broadcasts";

export const GET = apiRoute(BROADCAST_ENDPOINTS.listBroadcasts, async ({ org, query }) => {
  const { broadcasts, total } = await listBroadcasts(org.id, { page: query.page, perPage: query.per_page });
  return ok(broadcasts, pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute(BROADCAST_ENDPOINTS.createBroadcast, async ({ org, body }) =>
  created(await createBroadcast(org.id, body)),
);

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
