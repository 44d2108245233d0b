import "#server-only";
import type { z } from "zod";
import { toFlowJson } from "@/lib/flows/flow-json";
import { listFlowRows } from "@/lib/flows/repository";
import type { FlowJson, listFlowsQuery } from "@/lib/flows/schemas";
import { isUuid } from "@/lib/ids/uuid";

/** The organization's Flows, last changed first; kept in step with Meta by lib/flows/sync-flows.ts. */
export async function listFlows(
  organizationId: string,
  query: z.infer<typeof listFlowsQuery>,
): Promise<{ flows: FlowJson[]; total: number }> {
  if (query.channel_id !== undefined && !isUuid(query.channel_id)) return { flows: [], total: 0 };
  const { rows, total } = await listFlowRows(organizationId, {
    channelId: query.channel_id,
    status: query.status,
    page: query.page,
    perPage: query.per_page,
  });
  return { flows: rows.map(toFlowJson), total };
}
