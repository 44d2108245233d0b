"use client";

import { useState } from "react";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Loading } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { useUrlParams } from "@/components/ui/use-url-params";
import { RateCardDialog } from "@/components/usage/rate-card-dialog";
import { UsageChart } from "@/components/usage/usage-chart";
import { daysBefore, UsageFiltersBar, utcToday } from "@/components/usage/usage-filters";
import { UsageTable } from "@/components/usage/usage-table";
import { type UsageFilters, useRateCard, useUsage } from "@/components/usage/use-usage";

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">{value}</p>
      {detail ? <p className="mt-1 text-xs text-slate-600">{detail}</p> : null}
    </div>
  );
}

/**
 * Usage (owners and admins): every message as WhatsApp priced it, per UTC day, category and
 * channel, billable and free; with the owner's rate card, an estimated cost.
 */
export function UsageView({ owner }: { owner: boolean }) {
  const { params, push } = useUrlParams();
  const to = params.get("to") ?? utcToday();
  const filters: UsageFilters = {
    from: params.get("from") ?? daysBefore(to, 29),
    to,
    channel: params.get("channel") ?? "",
  };
  const usage = useUsage(filters);
  const card = useRateCard();
  const [editing, setEditing] = useState(false);
  const priced = (card.data?.rates.length ?? 0) > 0;
  const rateButton = (
    <Button variant="secondary" onClick={() => setEditing(true)} disabled={!owner && !priced}>
      {owner ? (priced ? "Edit rate card" : "Add a rate card") : "View rate card"}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Usage"
        description="Messages as WhatsApp priced them, from each message's pricing in its status notifications. Days are UTC. The estimated cost uses your rate card; WhatsApp's invoice is the authority."
        actions={rateButton}
      />
      <UsageFiltersBar filters={filters} onChange={(patch) => push({ ...filters, ...patch })} />
      {usage.isPending ? (
        <Loading label="Loading usage" />
      ) : usage.isError ? (
        <ErrorState
          title="Could not load usage"
          message={errorMessage(usage.error)}
          onRetry={() => usage.refetch()}
        />
      ) : (
        <div className="space-y-6">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Messages" value={formatNumber(usage.data.by_day.totals.messages)} />
            <Stat label="Billable" value={formatNumber(usage.data.by_day.totals.billable)} />
            <Stat
              label="Free"
              value={formatNumber(usage.data.by_day.totals.free)}
              detail="Free entry points and free service"
            />
            <Stat
              label="Estimated cost"
              value={
                usage.data.by_day.totals.estimated_cost === null
                  ? "—"
                  : `${usage.data.by_day.totals.estimated_cost} ${usage.data.by_day.currency}`
              }
              detail={
                !priced
                  ? "Add a rate card to estimate it"
                  : usage.data.by_day.unpriced_billable > 0
                    ? `${formatNumber(usage.data.by_day.unpriced_billable)} billable messages have no price`
                    : undefined
              }
            />
          </div>
          <section
            aria-labelledby="usage-chart-title"
            className="rounded-lg border border-slate-200 bg-white p-5"
          >
            <h2 id="usage-chart-title" className="mb-3 text-sm font-medium text-slate-600">
              Messages per day, by pricing category
            </h2>
            <UsageChart rows={usage.data.by_day.rows} />
          </section>
          <div className="space-y-6">
            <section aria-labelledby="usage-category-title">
              <h2 id="usage-category-title" className="mb-2 text-base font-semibold text-slate-900">
                By category
              </h2>
              <UsageTable
                caption="Usage by pricing category"
                keyLabel="Category"
                kind="category"
                rows={usage.data.by_category.rows}
                currency={usage.data.by_category.currency}
                priced={priced}
              />
            </section>
            <section aria-labelledby="usage-channel-title">
              <h2 id="usage-channel-title" className="mb-2 text-base font-semibold text-slate-900">
                By channel
              </h2>
              <UsageTable
                caption="Usage by channel"
                keyLabel="Channel"
                kind="channel"
                rows={usage.data.by_channel.rows}
                currency={usage.data.by_channel.currency}
                priced={priced}
              />
            </section>
          </div>
          <section aria-labelledby="usage-day-title">
            <h2 id="usage-day-title" className="mb-2 text-base font-semibold text-slate-900">
              By day
            </h2>
            <UsageTable
              caption="Usage by day, newest first"
              keyLabel="Day (UTC)"
              kind="day"
              rows={usage.data.by_day.rows}
              currency={usage.data.by_day.currency}
              priced={priced}
            />
          </section>
        </div>
      )}
      <RateCardDialog open={editing} card={card.data} onClose={() => setEditing(false)} readOnly={!owner} />
    </>
  );
}
