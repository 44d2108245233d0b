import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { listRecipients, toRecipientJson } from "@/lib/broadcasts/list-recipients";

export const GET = apiRoute(BROADCAST_ENDPOINTS.listBroadcastRecipients, async ({ org, params, query }) => {
  const { rows, total } = await listRecipients(org.id, params.id, {
    status: query.status,
    page: query.page,
    perPage: query.per_page,
  });
  return ok(rows.map(toRecipientJson), pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
