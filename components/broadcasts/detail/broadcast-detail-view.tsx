"use client";

import Link from "next/link";
import { BroadcastStatusBadge } from "@/components/broadcasts/broadcast-status";
import { BroadcastActions } from "@/components/broadcasts/detail/broadcast-actions";
import { CountsPanel } from "@/components/broadcasts/detail/counts-panel";
import { FunnelChart } from "@/components/broadcasts/detail/funnel-chart";
import { PauseNotice } from "@/components/broadcasts/detail/pause-notice";
import { ReasonsPanel } from "@/components/broadcasts/detail/reasons-panel";
import type { RecipientFilter } from "@/components/broadcasts/detail/recipient-filters";
import { RecipientsTable } from "@/components/broadcasts/detail/recipients-table";
import { useBroadcastDetail } from "@/components/broadcasts/use-broadcasts";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Loading } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";

/** A broadcast as it runs: progress, counts, funnel, reasons, recipients; controls for owners and admins. */
export function BroadcastDetailView({
  id,
  canManage,
  recipients = "",
}: {
  id: string;
  canManage: boolean;
  /** the recipients' status filter to open on (a link from the Overview's failures) */
  recipients?: RecipientFilter;
}) {
  const detail = useBroadcastDetail(id);
  if (detail.isPending) return <Loading label="Loading the broadcast" />;
  if (detail.isError) {
    return (
      <ErrorState
        title="Could not load the broadcast"
        message={errorMessage(detail.error)}
        onRetry={() => detail.refetch()}
      />
    );
  }
  const { broadcast: b, channel, category } = detail.data;
  const when =
    b.status === "scheduled"
      ? `Starts ${formatDateTime(b.scheduledAt)}`
      : b.completedAt
        ? `Completed ${formatDateTime(b.completedAt)}`
        : `Started ${formatDateTime(b.startedAt)}`;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/dashboard/broadcasts" className="text-blue-700 hover:underline">
          ← Broadcasts
        </Link>
      </p>
      <PageHeader
        title={b.name}
        description={
          <>
            <BroadcastStatusBadge broadcast={b} /> {b.template.name} ({b.template.language},{" "}
            {category.toLowerCase()}) from {channel.name} at up to {channel.throughputPerSecond} messages a
            second. {when}.
          </>
        }
        actions={canManage ? <BroadcastActions broadcast={b} category={category} /> : null}
      />
      <div className="space-y-6">
        {b.pause ? <PauseNotice pause={b.pause} pending={b.counts.pending} canManage={canManage} /> : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <CountsPanel broadcast={b} />
          <FunnelChart counts={b.counts} />
        </div>
        <ReasonsPanel detail={detail.data} />
        <RecipientsTable id={b.id} counts={JSON.stringify(b.counts)} initialStatus={recipients} />
      </div>
    </>
  );
}
