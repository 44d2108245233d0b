import "#server-only";
import type { BroadcastDetailJson } from "@/lib/broadcasts/dashboard-json";
import { findBroadcast } from "@/lib/broadcasts/find-broadcast";
import { recipientError } from "@/lib/broadcasts/list-recipients";
import { findBroadcastChannel } from "@/lib/broadcasts/repository/broadcasts";
import { countRecipientFailures, countRecipientSkips } from "@/lib/broadcasts/repository/recipients";

/**
 * The dashboard's broadcast page: the broadcast and its counts, its channel, and why recipients
 * failed or were skipped (grouped; the recipients table lists them one by one).
 */
export async function broadcastDetail(
  organizationId: string,
  id: string,
): Promise<BroadcastDetailJson | null> {
  const broadcast = await findBroadcast(organizationId, id);
  if (!broadcast) return null;
  const [row, failures, skips] = await Promise.all([
    findBroadcastChannel(organizationId, id),
    countRecipientFailures(organizationId, id),
    countRecipientSkips(organizationId, id),
  ]);
  // broadcasts are deleted only with their channel or organization: gone since the read above
  if (!row) return null;
  return {
    broadcast,
    category: row.templateCategory,
    channel: row.channel,
    failures: failures.map((f) => {
      const error = recipientError(f.code ?? "unknown", f.message);
      return { code: error?.code ?? "unknown", message: error?.message ?? "failed", count: f.count };
    }),
    skips,
  };
}
