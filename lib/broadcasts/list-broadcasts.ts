import "#server-only";
import { toBroadcastJson } from "@/lib/broadcasts/broadcast-json";
import { listBroadcastRows } from "@/lib/broadcasts/repository/broadcasts";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";

/** Newest first, like every list of the API; counts read with the page (one query per page). */
export async function listBroadcasts(
  organizationId: string,
  page: { page: number; perPage: number },
): Promise<{ broadcasts: BroadcastJson[]; total: number }> {
  const { rows, total } = await listBroadcastRows(organizationId, page);
  return { broadcasts: rows.map((r) => toBroadcastJson(r.broadcast, r.counts)), total };
}
