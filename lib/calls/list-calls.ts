import "#server-only";
import type { z } from "zod";
import { callInclude, toCallJson } from "@/lib/calls/call-json";
import type { CallJson, listCallsQuery } from "@/lib/calls/schemas";
import { db } from "@/lib/db";
import { isUuid } from "@/lib/ids/uuid";

/** The organization's calls, newest first. */
export async function listCalls(
  organizationId: string,
  query: z.infer<typeof listCallsQuery>,
): Promise<{ calls: CallJson[]; total: number }> {
  if (query.channel_id !== undefined && !isUuid(query.channel_id)) return { calls: [], total: 0 };
  const where = {
    organizationId,
    ...(query.channel_id ? { channelId: query.channel_id } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(query.direction ? { direction: query.direction } : {}),
  };
  const [rows, total] = await Promise.all([
    db().call.findMany({
      where,
      include: callInclude,
      orderBy: [{ startedAt: "desc" }, { id: "desc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    }),
    db().call.count({ where }),
  ]);
  return { calls: rows.map(toCallJson), total };
}
