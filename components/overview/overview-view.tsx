"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { BroadcastsPanel } from "@/components/overview/broadcasts-panel";
import { DevelopersSection } from "@/components/overview/developers-section";
import { FailuresPanel } from "@/components/overview/failures-panel";
import { OverviewCharts } from "@/components/overview/overview-charts";
import { useOverview } from "@/components/overview/use-overview";
import { WaitingPanel } from "@/components/overview/waiting-panel";
import { Segmented } from "@/components/ui/segmented";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { OVERVIEW_RANGES, type OverviewRange } from "@/lib/dashboard/overview-schemas";

const RANGE_OPTIONS = (Object.keys(OVERVIEW_RANGES) as OverviewRange[]).map((value) => ({
  value,
  label: OVERVIEW_RANGES[value].label,
}));

function OverviewSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading the overview…</span>
      {["waiting", "broadcasts", "sent", "received"].map((k) => (
        <div key={k} className="space-y-3 rounded-lg border border-slate-200 bg-white p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className="h-28 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * The Overview, for the business first (issue 29 item 8): who waits for an answer, how the latest
 * broadcasts did, the messages of 24 h or 7 days with their failures by cause in plain words; then,
 * for owners and admins alone, a Developers section with webhook health. Agents get no Developers
 * section and so never ask its routes.
 */
export function OverviewView({ manager }: { manager: boolean }) {
  const [range, setRange] = useState<OverviewRange>("24h");
  const overview = useOverview(range);
  const data = overview.data;
  const quiet = data !== undefined && data.totals.sent === 0 && data.totals.inbound === 0;
  return (
    <>
      <PageHeader
        title="Overview"
        description="Your customers and messages at a glance, in your time zone."
        actions={<Segmented label="Period" options={RANGE_OPTIONS} value={range} onChange={setRange} />}
      />
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError || data === undefined ? (
        <ErrorState
          title="Could not load the overview"
          message={errorMessage(overview.error)}
          onRetry={() => overview.refetch()}
        />
      ) : (
        <div aria-busy={overview.isFetching}>
          <div className="grid gap-4 lg:grid-cols-2">
            <WaitingPanel waiting={data.waiting} />
            <BroadcastsPanel broadcasts={data.broadcasts} />
          </div>
          <div className={overview.isPlaceholderData ? "mt-8 opacity-60" : "mt-8"}>
            <h2 className="mb-3 text-lg font-semibold text-slate-900">
              Messages{" "}
              <span className="text-sm font-normal text-slate-600">
                ({OVERVIEW_RANGES[range].label.toLowerCase()})
              </span>
            </h2>
            {quiet ? (
              <p className="mb-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">
                No messages sent or received in this period yet.
              </p>
            ) : null}
            <OverviewCharts data={data} />
            <FailuresPanel failures={data.failures} period={OVERVIEW_RANGES[range].label} />
          </div>
        </div>
      )}
      {manager ? <DevelopersSection range={range} /> : null}
    </>
  );
}
