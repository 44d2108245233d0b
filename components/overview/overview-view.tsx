"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { FailingWebhooksPanel } from "@/components/overview/failing-webhooks-panel";
import { OverviewCharts } from "@/components/overview/overview-charts";
import { useOverview } from "@/components/overview/use-overview";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { OVERVIEW_RANGES, type OverviewRange } from "@/lib/dashboard/overview-schemas";

const RANGE_OPTIONS = (Object.keys(OVERVIEW_RANGES) as OverviewRange[]).map((value) => ({
  value,
  label: OVERVIEW_RANGES[value].label,
}));

function ChartsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-2 xl:grid-cols-3">
      <span className="sr-only">Loading the overview…</span>
      {["sent", "inbound", "deliveries"].map((k) => (
        <div key={k} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-36 w-full" />
        </div>
      ))}
    </div>
  );
}

/** The overview: sends, inbound and delivery success for 24 h or 7 days; failing webhooks for support. */
export function OverviewView({ support, manager }: { support: boolean; manager: boolean }) {
  const [range, setRange] = useState<OverviewRange>("24h");
  const overview = useOverview(range);
  const quiet = overview.data !== undefined && Object.values(overview.data.totals).every((n) => n === 0);
  return (
    <>
      <PageHeader
        title="Overview"
        description="Messages and webhook deliveries of your organization, in your time zone."
        actions={<Segmented label="Period" options={RANGE_OPTIONS} value={range} onChange={setRange} />}
      />
      {overview.isPending ? (
        <ChartsSkeleton />
      ) : overview.isError ? (
        <ErrorState
          title="Could not load the overview"
          message={errorMessage(overview.error)}
          onRetry={() => overview.refetch()}
        />
      ) : (
        <div
          aria-busy={overview.isFetching}
          className={overview.isPlaceholderData ? "opacity-60" : undefined}
        >
          {quiet ? (
            <p className="mb-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">
              Nothing happened in this period yet: no messages sent or received, no webhook deliveries.
            </p>
          ) : null}
          <OverviewCharts data={overview.data} />
        </div>
      )}
      {support ? <FailingWebhooksPanel canEnable={manager} /> : null}
    </>
  );
}
