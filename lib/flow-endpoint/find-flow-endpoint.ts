import "#server-only";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";
import { findFlowEndpointRow } from "@/lib/flow-endpoint/repository";
import type { FlowEndpointJson } from "@/lib/flow-endpoint/schemas";

/** The channel's data endpoint settings; another organization's channel is RESOURCE_NOT_FOUND. */
export async function getFlowEndpoint(organizationId: string, channelId: string): Promise<FlowEndpointJson> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  const row = await findFlowEndpointRow(organizationId, channel.id);
  return toFlowEndpointJson(channel.id, row);
}
