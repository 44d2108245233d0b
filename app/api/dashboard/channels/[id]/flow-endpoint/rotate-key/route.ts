import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { FLOW_ENDPOINT_DASHBOARD } from "@/lib/flow-endpoint/dashboard-endpoints";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";
import { rotateFlowKey } from "@/lib/flow-endpoint/rotate-flow-key";

/** With the API's rules: another organization's channel is 404, a refused upload 502 and no change. */
export const POST = dashboardEndpoint(FLOW_ENDPOINT_DASHBOARD.rotateFlowKey, async ({ session, params }) => {
  const row = await rotateFlowKey(session.organizationId, params.id);
  return { endpoint: toFlowEndpointJson(row.channelId, row) };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
