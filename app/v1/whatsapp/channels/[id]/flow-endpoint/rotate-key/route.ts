import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { FLOW_ENDPOINT_ENDPOINTS } from "@/lib/flow-endpoint/endpoints";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";
import { rotateFlowKey } from "@/lib/flow-endpoint/rotate-flow-key";

export const POST = apiRoute(FLOW_ENDPOINT_ENDPOINTS.rotateFlowEndpointKey, async ({ org, params }) => {
  const row = await rotateFlowKey(org.id, params.id);
  return ok(toFlowEndpointJson(row.channelId, row));
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
