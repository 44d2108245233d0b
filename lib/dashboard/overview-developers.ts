import "#server-only";
import type { DeliveryBucket, DeveloperOverviewJson, OverviewQuery } from "@/lib/dashboard/overview-schemas";
import { bucketSeries } from "@/lib/dashboard/overview-series";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

type Row = Omit<DeliveryBucket, "start"> & { start: Date };

/**
 * The Overview's Developers section (owners and admins): webhook deliveries per hour (24 h) or
 * day (7 days), a range scan of deliveries(organization_id, status, created_at) cut in the
 * viewer's zone (overview-series.ts), and how many webhooks exist, so that an organization with
 * none is told so rather than "all delivering".
 */
export async function developerOverview(
  organizationId: string,
  query: OverviewQuery,
): Promise<DeveloperOverviewJson> {
  const { ctes, bucketOf, startOf } = bucketSeries(query);
  const [rows, webhooks] = await Promise.all([
    db().$queryRaw<Row[]>(Prisma.sql`
    WITH ${ctes},
    d AS (
      SELECT ${bucketOf} AS local,
             count(*) FILTER (WHERE status = 'succeeded')::int AS deliveries_succeeded,
             count(*) FILTER (WHERE status = 'failed')::int AS deliveries_failed,
             count(*) FILTER (WHERE status = 'pending' AND attempt_count > 0)::int AS deliveries_retrying
      FROM deliveries
      WHERE organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
      GROUP BY 1
    )
    SELECT ${startOf} AS start,
           coalesce(d.deliveries_succeeded, 0) AS deliveries_succeeded,
           coalesce(d.deliveries_failed, 0) AS deliveries_failed,
           coalesce(d.deliveries_retrying, 0) AS deliveries_retrying
    FROM series LEFT JOIN d USING (local)
    ORDER BY series.local`),
    db().webhook.groupBy({ by: ["status"], where: { organizationId }, _count: { _all: true } }),
  ]);
  const totals = { deliveries_succeeded: 0, deliveries_failed: 0, deliveries_retrying: 0 };
  const buckets = rows.map((r): DeliveryBucket => {
    totals.deliveries_succeeded += r.deliveries_succeeded;
    totals.deliveries_failed += r.deliveries_failed;
    totals.deliveries_retrying += r.deliveries_retrying;
    return { ...r, start: r.start.toISOString() };
  });
  const count = (status: "active" | "disabled") =>
    webhooks.find((w) => w.status === status)?._count._all ?? 0;
  return {
    range: query.range,
    tz: query.tz,
    buckets,
    totals,
    webhooks: {
      total: count("active") + count("disabled"),
      active: count("active"),
      disabled: count("disabled"),
    },
  };
}
