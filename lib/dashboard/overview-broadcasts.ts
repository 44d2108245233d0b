import "#server-only";
import { listOverviewBroadcasts } from "@/lib/broadcasts/repository/broadcasts";
import { OVERVIEW_LIMITS, type OverviewBroadcastJson } from "@/lib/dashboard/overview-schemas";

/**
 * The organization's latest broadcasts with their counts (summed counter rows, as the Broadcasts
 * page reads them) and the code most of their failures carry, read from at most
 * OVERVIEW_LIMITS.broadcastFailureSample failed recipients each (listOverviewBroadcasts): a
 * broadcast that failed for 100,000 customers is not read whole for one line of the overview.
 */
export async function overviewBroadcasts(organizationId: string): Promise<OverviewBroadcastJson[]> {
  const rows = await listOverviewBroadcasts(organizationId, {
    limit: OVERVIEW_LIMITS.broadcasts,
    failureSample: OVERVIEW_LIMITS.broadcastFailureSample,
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    started_at: r.started_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    total: r.total,
    sent: Number(r.counts.sent),
    delivered: Number(r.counts.delivered),
    read: Number(r.counts.read),
    replied: Number(r.counts.replied),
    failed: Number(r.counts.failed),
    skipped: Number(r.counts.skipped),
    top_failure: r.top_count ? { code: r.top_code, message: r.top_message } : null,
  }));
}
