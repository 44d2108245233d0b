import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { listRecipients, toRecipientJson } from "@/lib/broadcasts/list-recipients";

/** A recipient's phone number is contact data: `to` is null unless the key also holds contacts:read. */
export const GET = apiRoute(
  BROADCAST_ENDPOINTS.listBroadcastRecipients,
  async ({ apiKey, org, params, query }) => {
    const { rows, total } = await listRecipients(org.id, params.id, {
      status: query.status,
      page: query.page,
      perPage: query.per_page,
    });
    const phones = apiKey.scopes.includes("contacts:read");
    const data = rows.map(toRecipientJson).map((r) => (phones ? r : { ...r, to: null }));
    return ok(data, pageMeta(query.page, query.per_page, total));
  },
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
