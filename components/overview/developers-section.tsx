"use client";

import Link from "next/link";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatNumber } from "@/components/lib/format";
import { BarChart, type ChartSeries } from "@/components/overview/bar-chart";
import { ChartCard } from "@/components/overview/chart-card";
import { toChartPoints } from "@/components/overview/chart-points";
import { FailingWebhooksPanel } from "@/components/overview/failing-webhooks-panel";
import { percentOf } from "@/components/overview/overview-words";
import { useDeveloperOverview } from "@/components/overview/use-overview";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import type { OverviewRange } from "@/lib/dashboard/overview-schemas";

const DELIVERIES: ChartSeries[] = [
  { key: "succeeded", label: "Succeeded", color: "#16a34a" },
  { key: "failed", label: "Failed", color: "#dc2626" },
  { key: "retrying", label: "Retrying", color: "#f59e0b" },
];

/** The deliveries page showing the failed deliveries of the range. */
function failedDeliveriesLink(range: OverviewRange): string {
  return `/dashboard/deliveries?${new URLSearchParams({ status: "failed", period: range })}`;
}

/**
 * Owners and admins only (the page renders it for them alone, so agents never ask its routes):
 * how the organization's webhooks deliver to its own systems.
 */
export function DevelopersSection({ range }: { range: OverviewRange }) {
  const dev = useDeveloperOverview(range, true);
  return (
    <section aria-labelledby="developers" className="mt-10 border-t border-slate-200 pt-6">
      <h2 id="developers" className="text-lg font-semibold text-slate-900">
        Developers
      </h2>
      <p className="mb-4 text-sm text-slate-600">
        Webhooks tell your own systems about messages and contacts. Only owners and admins see this part.
      </p>
      {dev.isPending ? (
        <div role="status" className="rounded-lg border border-slate-200 bg-white p-5">
          <span className="sr-only">Loading webhook deliveries…</span>
          <Skeleton className="h-36 w-full" />
        </div>
      ) : dev.isError ? (
        <ErrorState
          title="Could not load webhook deliveries"
          message={errorMessage(dev.error)}
          onRetry={() => dev.refetch()}
        />
      ) : (
        <>
          {dev.data.webhooks.total > 0 ? (
            <ChartCard
              title="Webhook delivery success"
              value={percentOf(
                dev.data.totals.deliveries_succeeded,
                dev.data.totals.deliveries_succeeded +
                  dev.data.totals.deliveries_failed +
                  dev.data.totals.deliveries_retrying,
              )}
              detail={
                <>
                  {formatNumber(dev.data.totals.deliveries_succeeded)} succeeded ·{" "}
                  {dev.data.totals.deliveries_failed > 0 ? (
                    <Link href={failedDeliveriesLink(range)} className="font-medium text-red-800 underline">
                      {formatNumber(dev.data.totals.deliveries_failed)} failed
                    </Link>
                  ) : (
                    "0 failed"
                  )}{" "}
                  · {formatNumber(dev.data.totals.deliveries_retrying)} retrying (counted as failing until
                  they succeed)
                </>
              }
            >
              <BarChart
                caption="Webhook deliveries per period"
                series={DELIVERIES}
                points={toChartPoints(range, dev.data.buckets, (b) => ({
                  succeeded: b.deliveries_succeeded,
                  failed: b.deliveries_failed,
                  retrying: b.deliveries_retrying,
                }))}
              />
            </ChartCard>
          ) : null}
          <FailingWebhooksPanel webhooks={dev.data.webhooks} />
        </>
      )}
    </section>
  );
}
