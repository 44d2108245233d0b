import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { FLOW_ENDPOINT_ENDPOINTS } from "@/lib/flow-endpoint/endpoints";
import { getFlowEndpoint } from "@/lib/flow-endpoint/find-flow-endpoint";
import { updateFlowEndpoint } from "@/lib/flow-endpoint/update-flow-endpoint";

export const GET = apiRoute(FLOW_ENDPOINT_ENDPOINTS.getFlowEndpoint, async ({ org, params }) =>
  ok(await getFlowEndpoint(org.id, params.id)),
);

export const PATCH = apiRoute(FLOW_ENDPOINT_ENDPOINTS.updateFlowEndpoint, async ({ org, params, body }) =>
  ok(await updateFlowEndpoint(org.id, params.id, body)),
);

export const { POST, PUT, DELETE } = methodNotAllowed(["GET", "PATCH"]);
