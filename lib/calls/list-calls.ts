import "#server-only";
import type { z } from "zod";
import { toCallJson } from "@/lib/calls/call-json";
import { listCallRows } from "@/lib/calls/repository";
import type { CallJson, listCallsQuery } from "@/lib/calls/schemas";
import { isUuid } from "@/lib/ids/uuid";

/** The organization's calls, newest first. */
export async function listCalls(
  organizationId: string,
  query: z.infer<typeof listCallsQuery>,
): Promise<{ calls: CallJson[]; total: number }> {
  if (query.channel_id !== undefined && !isUuid(query.channel_id)) return { calls: [], total: 0 };
  const { rows, total } = await listCallRows(organizationId, {
    channelId: query.channel_id,
    state: query.state,
    direction: query.direction,
    page: query.page,
    perPage: query.per_page,
  });
  return { calls: rows.map(toCallJson), total };
}
