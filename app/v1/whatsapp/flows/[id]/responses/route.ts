import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";
import { listFlowResponses } from "@/lib/flows/list-flow-responses";

export const GET = apiRoute(FLOW_ENDPOINTS.listFlowResponses, async ({ org, params, query }) => {
  const { responses, total } = await listFlowResponses(org.id, params.id, query);
  return ok(responses, pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
