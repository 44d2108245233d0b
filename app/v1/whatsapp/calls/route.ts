import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { CALL_ENDPOINTS } from "@/lib/calls/endpoints";
import { listCalls } from "@/lib/calls/list-calls";
import { placeCall } from "@/lib/calls/place-call";

export const GET = apiRoute(CALL_ENDPOINTS.listCalls, async ({ org, query }) => {
  const { calls, total } = await listCalls(org.id, query);
  return ok(calls, pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute(CALL_ENDPOINTS.placeCall, async ({ org, body }) =>
  created(await placeCall(org.id, body)),
);

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
