import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed, requireScope } from "@/lib/api/route";
import { createBroadcast } from "@/lib/broadcasts/create-broadcast";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { listBroadcasts } from "@/lib/broadcasts/list-broadcasts";

export const GET = apiRoute(BROADCAST_ENDPOINTS.listBroadcasts, async ({ org, query }) => {
  const { broadcasts, total } = await listBroadcasts(org.id, { page: query.page, perPage: query.per_page });
  return ok(broadcasts, pageMeta(query.page, query.per_page, total));
});

/** Inline recipients create a contact for every unknown number: that is contacts:write's to grant. */
export const POST = apiRoute(BROADCAST_ENDPOINTS.createBroadcast, async ({ apiKey, org, body }) => {
  if (body.recipients !== undefined && body.recipients.length > 0) {
    requireScope(apiKey, "contacts:write", "inline `recipients` need (an unknown number becomes a contact)");
  }
  return created(await createBroadcast(org.id, body));
});

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
