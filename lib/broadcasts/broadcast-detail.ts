import "#server-only";
import type { BroadcastDetailJson } from "@/lib/broadcasts/dashboard-json";
import { findBroadcast } from "@/lib/broadcasts/find-broadcast";
import { recipientError } from "@/lib/broadcasts/list-recipients";
import { db } from "@/lib/db";

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
    db().broadcast.findUniqueOrThrow({
      where: { id },
      select: {
        templateCategory: true,
        channel: { select: { id: true, name: true, displayPhoneNumber: true, throughputPerSecond: true } },
      },
    }),
    db().$queryRaw<{ code: string | null; message: string | null; count: number }[]>`
      SELECT error_code AS code, min(error_message) AS message, count(*)::int AS count FROM broadcast_recipients
      WHERE broadcast_id = ${id}::uuid AND status = 'failed' GROUP BY error_code ORDER BY 3 DESC, 1`,
    db().$queryRaw<{ reason: string; count: number }[]>`
      SELECT skip_reason AS reason, count(*)::int AS count FROM broadcast_recipients
      WHERE broadcast_id = ${id}::uuid AND status = 'skipped' GROUP BY 1 ORDER BY 2 DESC, 1`,
  ]);
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
