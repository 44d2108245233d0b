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
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

type Row = OverviewBucket & { start: Date; delivered: number; read: number };

/**
 * What the business reads first (issue 29 item 8): who waits for an answer, how recent broadcasts
 * did, and the messages of the range with their failures by cause. Every query is scoped to the
 * organization and bounded (overview-waiting.ts, overview-broadcasts.ts, overview-failures.ts).
 *
 * Messages per hour (24 h) or day (7 days), aggregated in PostgreSQL: a range scan of the index
 * messages(organization_id, created_at), buckets cut in the viewer's time zone (overview-series.ts).
 */
export async function overviewStats(organizationId: string, query: OverviewQuery): Promise<OverviewJson> {
  const { ctes, bucketOf, startOf } = bucketSeries(query);
  const [rows, failures, waiting, broadcasts] = await Promise.all([
    db().$queryRaw<Row[]>(Prisma.sql`
    WITH ${ctes},
    m AS (
      SELECT ${bucketOf} AS local,
             count(*) FILTER (WHERE direction = 'outbound')::int AS sent,
             count(*) FILTER (WHERE direction = 'outbound' AND status = 'failed')::int AS send_failed,
             count(*) FILTER (WHERE direction = 'outbound' AND status IN ('delivered', 'read'))::int AS delivered,
             count(*) FILTER (WHERE direction = 'outbound' AND status = 'read')::int AS read,
             count(*) FILTER (WHERE direction = 'inbound')::int AS inbound
      FROM messages
      WHERE organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
      GROUP BY 1
    )
    SELECT ${startOf} AS start,
           coalesce(m.sent, 0) AS sent, coalesce(m.send_failed, 0) AS send_failed,
           coalesce(m.inbound, 0) AS inbound, coalesce(m.delivered, 0) AS delivered,
           coalesce(m.read, 0) AS read
    FROM series LEFT JOIN m USING (local)
    ORDER BY series.local`),
    overviewFailures(organizationId, query),
    waitingConversations(organizationId),
    overviewBroadcasts(organizationId),
  ]);
  const totals: OverviewTotals = { sent: 0, send_failed: 0, inbound: 0, delivered: 0, read: 0 };
  const buckets = rows.map((r): OverviewBucket => {
    totals.sent += r.sent;
    totals.send_failed += r.send_failed;
    totals.inbound += r.inbound;
    totals.delivered += r.delivered;
    totals.read += r.read;
    return { start: r.start.toISOString(), sent: r.sent, send_failed: r.send_failed, inbound: r.inbound };
  });
  return { range: query.range, tz: query.tz, buckets, totals, failures, waiting, broadcasts };
}
