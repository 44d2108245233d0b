import "#server-only";
import { overviewBroadcasts } from "@/lib/dashboard/overview-broadcasts";
import { overviewFailures } from "@/lib/dashboard/overview-failures";
import type {
  OverviewBucket,
  OverviewJson,
  OverviewQuery,
  OverviewTotals,
} from "@/lib/dashboard/overview-schemas";
import { bucketSeries } from "@/lib/dashboard/overview-series";
import { waitingConversations } from "@/lib/dashboard/overview-waiting";
import { countMessagesPerBucket } from "@/lib/messages/repository/overview";

/**
 * What the business reads first (issue 29 item 8): who waits for an answer, how recent broadcasts
 * did, and the messages of the range with their failures by cause. Every query is scoped to the
 * organization and bounded (overview-waiting.ts, overview-broadcasts.ts, overview-failures.ts).
 *
 * Messages per hour (24 h) or day (7 days), aggregated in PostgreSQL: a range scan of the index
 * messages(organization_id, created_at), buckets cut in the viewer's time zone (overview-series.ts).
 */
export async function overviewStats(organizationId: string, query: OverviewQuery): Promise<OverviewJson> {
  const [rows, failures, waiting, broadcasts] = await Promise.all([
    countMessagesPerBucket(organizationId, bucketSeries(query)),
    overviewFailures(organizationId, query),
    waitingConversations(organizationId),
    overviewBroadcasts(organizationId),
  ]);
  const totals: OverviewTotals = {
    sent: 0,
    send_failed: 0,
    held: 0,
    paused: 0,
    inbound: 0,
    delivered: 0,
    read: 0,
  };
  const buckets = rows.map((r): OverviewBucket => {
    totals.sent += r.sent;
    totals.send_failed += r.send_failed;
    totals.held += r.held;
    totals.paused += r.paused;
    totals.inbound += r.inbound;
    totals.delivered += r.delivered;
    totals.read += r.read;
    return { start: r.start.toISOString(), sent: r.sent, send_failed: r.send_failed, inbound: r.inbound };
  });
  return { range: query.range, tz: query.tz, buckets, totals, failures, waiting, broadcasts };
}
