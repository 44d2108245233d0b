import "#server-only";
import type { z } from "zod";
import { db } from "@/lib/db";
import { toFlowJson } from "@/lib/flows/flow-json";
import type { FlowJson, listFlowsQuery } from "@/lib/flows/schemas";
import { isUuid } from "@/lib/ids/uuid";

/** The organization's Flows, last changed first; kept in step with Meta by lib/flows/sync-flows.ts. */
export async function listFlows(
  organizationId: string,
  query: z.infer<typeof listFlowsQuery>,
): Promise<{ flows: FlowJson[]; total: number }> {
  if (query.channel_id !== undefined && !isUuid(query.channel_id)) return { flows: [], total: 0 };
  const where = {
    organizationId,
    ...(query.channel_id ? { channelId: query.channel_id } : {}),
    ...(query.status ? { status: query.status } : {}),
  };
  const [rows, total] = await Promise.all([
    db().flow.findMany({
      where,
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    }),
    db().flow.count({ where }),
  ]);
  return { flows: rows.map(toFlowJson), total };
}
