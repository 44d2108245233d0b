import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { createFlow } from "@/lib/flows/create-flow";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";
import { listFlows } from "@/lib/flows/list-flows";

export const GET = apiRoute(FLOW_ENDPOINTS.listFlows, async ({ org, query }) => {
  const { flows, total } = await listFlows(org.id, query);
  return ok(flows, pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute(FLOW_ENDPOINTS.createFlow, async ({ org, body }) =>
  created(await createFlow(org.id, body)),
);

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
