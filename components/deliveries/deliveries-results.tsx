"use client";

import { DeliveriesTable } from "@/components/deliveries/deliveries-table";
import type { DeliveryFilters } from "@/components/deliveries/delivery-filters";
import { useDeliveries, useRedeliver } from "@/components/deliveries/use-deliveries";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";

/** The list under the filters: count, table, "Load older/newer", and every loading/empty/error state. */
export function DeliveriesResults({
  filters,
  onOpen,
  onShowAll,
}: {
  filters: DeliveryFilters;
  onOpen: (id: string) => void;
  onShowAll: () => void;
}) {
  const list = useDeliveries(filters);
  const redeliver = useRedeliver();
  const toast = useToast();

  if (list.isPending) return <TableSkeleton columns={7} label="Loading deliveries" />;
  if (list.isError) {
    return (
      <ErrorState
        title="Could not load the deliveries"
        message={errorMessage(list.error)}
        onRetry={() => list.refetch()}
      />
    );
  }
  const first = list.data.pages[0];
  const rows = list.data.pages.flatMap((p) => p.deliveries);
  if (rows.length === 0) {
    const failedOnly = filters.status === "failed";
    return (
      <EmptyState
        title={failedOnly ? "No failed deliveries" : "No deliveries match"}
        action={
          <Button variant="secondary" onClick={onShowAll}>
            Show every delivery
          </Button>
        }
      >
        {failedOnly
          ? "Every delivery matching these filters arrived, or is still being tried."
          : "Try a wider period or another webhook."}
      </EmptyState>
    );
  }
  const count = first ? `${formatNumber(first.matching)}${first.matching_capped ? "+" : ""}` : "";
  return (
    <div aria-busy={list.isFetching}>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {count} {first?.matching === 1 ? "delivery matches" : "deliveries match"}
      </p>
      <DeliveriesTable
        deliveries={rows}
        onOpen={(d) => onOpen(d.id)}
        redelivering={redeliver.isPending ? (redeliver.variables ?? null) : null}
        onRedeliver={(d) =>
          redeliver.mutate(d.id, {
            onSuccess: () => toast.show(`Redelivery of ${d.event} to ${d.webhook.name} queued.`),
            onError: (error) => toast.show(errorMessage(error), "error"),
          })
        }
      />
      {list.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
            {filters.sort === "oldest" ? "Load newer deliveries" : "Load older deliveries"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
