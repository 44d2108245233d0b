import "#server-only";
import { OVERVIEW_RANGES, type OverviewQuery } from "@/lib/dashboard/overview-schemas";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The overview's buckets, cut in the viewer's time zone: `series` (each bucket's local start,
 * generated so that empty buckets are zeros) and `since` (the first bucket's start, UTC) as CTEs
 * to begin a query with, and the expression truncating a row's created_at (UTC) to its bucket.
 */
export function bucketSeries(query: OverviewQuery) {
  const { unit, buckets } = OVERVIEW_RANGES[query.range];
  const step = `1 ${unit}`;
  const tz = query.tz;
  return {
    ctes: Prisma.sql`
    series AS (
      SELECT generate_series(
        date_trunc(${unit}, now() AT TIME ZONE ${tz}) - (${buckets - 1}::int * ${step}::interval),
        date_trunc(${unit}, now() AT TIME ZONE ${tz}),
        ${step}::interval
      ) AS local
    ),
    since AS (SELECT (min(local) AT TIME ZONE ${tz}) AT TIME ZONE 'UTC' AS at FROM series)`,
    bucketOf: Prisma.sql`date_trunc(${unit}, (created_at AT TIME ZONE 'UTC') AT TIME ZONE ${tz})`,
    startOf: Prisma.sql`series.local AT TIME ZONE ${tz}`,
  };
}
