import "#server-only";
import type { z } from "zod";
import { flowSyncFailureOf } from "@/lib/channels/channel-json";
import { listChannelFlowSyncs } from "@/lib/channels/repository";
import type { FlowsPageJson, flowsPageQuery } from "@/lib/flows/dashboard-endpoints";
import { listFlows } from "@/lib/flows/list-flows";

/**
 * The Flows page: the organization's Flows (the /v1 list) and its channels for the filter, each
 * with why its last Flows sync failed (an active one's only: an inactive channel is not synced).
 */
export async function listFlowsPage(
  organizationId: string,
  query: z.infer<typeof flowsPageQuery>,
): Promise<FlowsPageJson> {
  const [{ flows, total }, channels] = await Promise.all([
    listFlows(organizationId, { page: query.page, per_page: query.per_page, channel_id: query.channel_id }),
    listChannelFlowSyncs(organizationId),
  ]);
  return {
    flows,
    channels: channels.map((c) => ({
      id: c.id,
      name: c.name,
      sync_failure: c.status === "active" ? flowSyncFailureOf(c) : null,
    })),
    page: query.page,
    per_page: query.per_page,
    total,
  };
}
