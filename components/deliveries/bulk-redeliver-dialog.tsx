"use client";

import { type DeliveryFilters, PERIODS, timeRange } from "@/components/deliveries/delivery-filters";
import { useBulkRedeliver, useFailedCount } from "@/components/deliveries/use-deliveries";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime, formatNumber } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/skeleton";
import { useToast } from "@/components/ui/toast";

function periodText(filters: DeliveryFilters): string {
  if (filters.period !== "custom") return PERIODS[filters.period].label.toLowerCase();
  const { since, until } = timeRange(filters);
  return `between ${formatDateTime(since, "the beginning")} and ${formatDateTime(until, "now")}`;
}

/**
 * "Redeliver all failed": every failed delivery of the chosen webhook created in the chosen
 * period is queued again (whatever the event filter). Says how many before anything is done.
 */
export function BulkRedeliverDialog({
  open,
  filters,
  webhookName,
  onClose,
}: {
  open: boolean;
  filters: DeliveryFilters;
  webhookName: string;
  onClose: () => void;
}) {
  const count = useFailedCount(filters, open && filters.webhookId !== "");
  const bulk = useBulkRedeliver();
  const toast = useToast();
  const page = count.data;
  const n = page?.matching ?? 0;
  const label = page?.matching_capped ? `${formatNumber(n)}+` : formatNumber(n);

  function confirm() {
    const { since, until } = timeRange(filters);
    bulk.mutate(
      { webhook_id: filters.webhookId, since: since ?? new Date(0).toISOString(), until },
      {
        onSuccess: ({ queued, more }) => {
          toast.show(
            `${formatNumber(queued)} failed ${queued === 1 ? "delivery" : "deliveries"} queued again${more ? "; more remain, run it again for the rest" : ""}.`,
          );
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open={open}
      onClose={() => !bulk.isPending && onClose()}
      size="sm"
      title="Redeliver failed deliveries?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={bulk.isPending} data-autofocus>
            Cancel
          </Button>
          <Button onClick={confirm} loading={bulk.isPending} disabled={!page || n === 0}>
            {page ? `Redeliver ${label}` : "Redeliver"}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700">
        {count.isPending ? (
          <p role="status" className="flex items-center gap-2">
            <Spinner className="size-4" /> Counting failed deliveries…
          </p>
        ) : count.isError ? (
          <p role="alert" className="text-red-800">
            {errorMessage(count.error)}
          </p>
        ) : (
          <p>
            <strong>{label}</strong> failed {n === 1 ? "delivery" : "deliveries"} of{" "}
            <strong>{webhookName}</strong> created {periodText(filters)} will be attempted again now, each
            with its original payload and delivery id.
          </p>
        )}
        {bulk.isError ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            {errorMessage(bulk.error)}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
