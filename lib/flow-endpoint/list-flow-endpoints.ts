import "#server-only";
import { db } from "@/lib/db";
import type { ChannelFlowEndpointJson } from "@/lib/flow-endpoint/dashboard-endpoints";
import { toFlowEndpointJson } from "@/lib/flow-endpoint/flow-endpoint-json";

/** The organization's active channels with their data endpoint settings (none yet: no key). */
export async function listFlowEndpoints(organizationId: string): Promise<ChannelFlowEndpointJson[]> {
  const channels = await db().channel.findMany({
    where: { organizationId, status: "active" },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, flowEndpoint: true },
  });
  return channels.map((c) => ({ ...toFlowEndpointJson(c.id, c.flowEndpoint), channel_name: c.name }));
}
