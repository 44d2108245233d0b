import "#server-only";
import {
  OVERVIEW_RANGES,
  type OverviewBucket,
  type OverviewJson,
  type OverviewQuery,
  type OverviewTotals,
} from "@/lib/dashboard/overview-schemas";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

type Row = {
  start: Date;
  sent: number;
  send_failed: number;
  inbound: number;
  deliveries_succeeded: number;
  deliveries_failed: number;
  deliveries_retrying: number;
};

const EMPTY: OverviewTotals = {
  sent: 0,
  send_failed: 0,
  inbound: 0,
  deliveries_succeeded: 0,
  deliveries_failed: 0,
  deliveries_retrying: 0,
};

/**
 * Sends, inbound messages and webhook deliveries of one organization per hour (24 h) or per
 * day (7 days), aggregated in PostgreSQL. Buckets are cut in the viewer's time zone: the series
 * is generated in local time, each row's created_at (UTC) is truncated in that zone, and the two
 * are joined, so empty buckets are zeros. Both scans are range scans of the indexes
 * messages(organization_id, created_at) and deliveries(organization_id, status, created_at).
 */
export async function overviewStats(organizationId: string, query: OverviewQuery): Promise<OverviewJson> {
  const { unit, buckets } = OVERVIEW_RANGES[query.range];
  const step = `1 ${unit}`;
  const tz = query.tz;
  const rows = await db().$queryRaw<Row[]>(Prisma.sql`
    WITH series AS (
      SELECT generate_series(
        date_trunc(${unit}, now() AT TIME ZONE ${tz}) - (${buckets - 1}::int * ${step}::interval),
        date_trunc(${unit}, now() AT TIME ZONE ${tz}),
        ${step}::interval
      ) AS local
    ),
    since AS (SELECT (min(local) AT TIME ZONE ${tz}) AT TIME ZONE 'UTC' AS at FROM series),
    m AS (
      SELECT date_trunc(${unit}, (created_at AT TIME ZONE 'UTC') AT TIME ZONE ${tz}) AS local,
             count(*) FILTER (WHERE direction = 'outbound')::int AS sent,
             count(*) FILTER (WHERE direction = 'outbound' AND status = 'failed')::int AS send_failed,
             count(*) FILTER (WHERE direction = 'inbound')::int AS inbound
      FROM messages
      WHERE organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
      GROUP BY 1
    ),
    d AS (
      SELECT date_trunc(${unit}, (created_at AT TIME ZONE 'UTC') AT TIME ZONE ${tz}) AS local,
             count(*) FILTER (WHERE status = 'succeeded')::int AS deliveries_succeeded,
             count(*) FILTER (WHERE status = 'failed')::int AS deliveries_failed,
             count(*) FILTER (WHERE status = 'pending' AND attempt_count > 0)::int AS deliveries_retrying
      FROM deliveries
      WHERE organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
      GROUP BY 1
    )
    SELECT series.local AT TIME ZONE ${tz} AS start,
           coalesce(m.sent, 0) AS sent, coalesce(m.send_failed, 0) AS send_failed,
           coalesce(m.inbound, 0) AS inbound,
           coalesce(d.deliveries_succeeded, 0) AS deliveries_succeeded,
           coalesce(d.deliveries_failed, 0) AS deliveries_failed,
           coalesce(d.deliveries_retrying, 0) AS deliveries_retrying
    FROM series LEFT JOIN m USING (local) LEFT JOIN d USING (local)
    ORDER BY series.local`);
  const list: OverviewBucket[] = rows.map((r) => ({ ...r, start: r.start.toISOString() }));
  const totals = list.reduce<OverviewTotals>(
    (sum, b) => ({
      sent: sum.sent + b.sent,
      send_failed: sum.send_failed + b.send_failed,
      inbound: sum.inbound + b.inbound,
      deliveries_succeeded: sum.deliveries_succeeded + b.deliveries_succeeded,
      deliveries_failed: sum.deliveries_failed + b.deliveries_failed,
      deliveries_retrying: sum.deliveries_retrying + b.deliveries_retrying,
    }),
    EMPTY,
  );
  return { range: query.range, tz, buckets: list, totals };
}
