import "#server-only";
import type { DeliveryBucket, DeveloperOverviewJson, OverviewQuery } from "@/lib/dashboard/overview-schemas";
import { bucketSeries } from "@/lib/dashboard/overview-series";
import { countDeliveriesPerBucket } from "@/lib/webhooks/repository/deliveries";
import { countWebhooksByStatus } from "@/lib/webhooks/repository/webhooks";

/**
 * The Overview's Developers section (owners and admins): webhook deliveries per hour (24 h) or
 * day (7 days), cut in the viewer's zone (overview-series.ts), and how many webhooks exist, so
 * that an organization with none is told so rather than "all delivering".
 */
export async function developerOverview(
  organizationId: string,
  query: OverviewQuery,
): Promise<DeveloperOverviewJson> {
  const [rows, webhooks] = await Promise.all([
    countDeliveriesPerBucket(organizationId, bucketSeries(query)),
    countWebhooksByStatus(organizationId),
  ]);
  const totals = { deliveries_succeeded: 0, deliveries_failed: 0, deliveries_retrying: 0 };
  const buckets = rows.map((r): DeliveryBucket => {
    totals.deliveries_succeeded += r.deliveries_succeeded;
    totals.deliveries_failed += r.deliveries_failed;
    totals.deliveries_retrying += r.deliveries_retrying;
    return { ...r, start: r.start.toISOString() };
  });
  return {
    range: query.range,
    tz: query.tz,
    buckets,
    totals,
    webhooks: { total: webhooks.active + webhooks.disabled, ...webhooks },
  };
}
