import "#server-only";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { db } from "@/lib/db";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";
import type { FlowEndpointJson } from "@/lib/flow-endpoint/schemas";

/** The channel's data endpoint settings; another organization's channel is RESOURCE_NOT_FOUND. */
export async function getFlowEndpoint(organizationId: string, channelId: string): Promise<FlowEndpointJson> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  const row = await db().flowEndpoint.findFirst({ where: { channelId: channel.id, organizationId } });
  return toFlowEndpointJson(channel.id, row);
}
