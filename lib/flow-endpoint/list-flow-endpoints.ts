import "#server-only";
import { listChannelFlowEndpoints } from "@/lib/channels/repository";
import type { ChannelFlowEndpointJson } from "@/lib/flow-endpoint/dashboard-endpoints";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";

/** The organization's active channels with their data endpoint settings (none yet: no key). */
export async function listFlowEndpoints(organizationId: string): Promise<ChannelFlowEndpointJson[]> {
  const channels = await listChannelFlowEndpoints(organizationId);
  return channels.map((c) => ({ ...toFlowEndpointJson(c.id, c.flowEndpoint), channel_name: c.name }));
}
