import "#server-only";
import { toBroadcastJson } from "@/lib/broadcasts/broadcast-json";
import { findBroadcastRow, readBroadcastCounts } from "@/lib/broadcasts/repository/broadcasts";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";
import { isUuid } from "@/lib/ids/uuid";

/** A broadcast of the organization with its counts; null for any other id (another organization's too). */
export async function findBroadcast(organizationId: string, id: string): Promise<BroadcastJson | null> {
  if (!isUuid(id)) return null;
  const broadcast = await findBroadcastRow(organizationId, id);
  if (!broadcast) return null;
  return toBroadcastJson(broadcast, await readBroadcastCounts(organizationId, id));
}
