import "#server-only";
import type { z } from "zod";
import { listChannelNames } from "@/lib/channels/repository";
import type { FlowsPageJson, flowsPageQuery } from "@/lib/flows/dashboard-endpoints";
import { listFlows } from "@/lib/flows/list-flows";

/** The Flows page: the organization's Flows (the /v1 list) and its channels for the filter. */
export async function listFlowsPage(
  organizationId: string,
  query: z.infer<typeof flowsPageQuery>,
): Promise<FlowsPageJson> {
  const [{ flows, total }, channels] = await Promise.all([
    listFlows(organizationId, { page: query.page, per_page: query.per_page, channel_id: query.channel_id }),
    listChannelNames(organizationId),
  ]);
  return { flows, channels, page: query.page, per_page: query.per_page, total };
}
