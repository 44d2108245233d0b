"use client";

import { useMemo } from "react";
import { type DeliveryFilters, PERIODS, timeRange } from "@/components/deliveries/delivery-filters";
import { useBacklog, useBulkRedeliver, useRetryNow } from "@/components/deliveries/use-deliveries";
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

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

/**
 * After an endpoint is fixed: the backlog of the chosen webhook and period, pushed in two ways.
 * "Retry now" brings forward the deliveries waiting for their next automatic attempt (a
 * delivery whose attempt is in flight is left to finish); "Redeliver failed" sends again those
 * whose retries are spent. Says how many of each before anything is done.
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
  // the period's bounds, fixed when the dialog opens: counts, Retry now and Redeliver use the same
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new opening measures "last 24 hours" from now
  const range = useMemo(() => timeRange(filters), [open, filters.period, filters.from, filters.to]);
  const backlog = useBacklog(filters.webhookId, range, open && filters.webhookId !== "");
  const retry = useRetryNow();
  const bulk = useBulkRedeliver();
  const toast = useToast();
  const b = backlog.data;
  const pending = retry.isPending || bulk.isPending;
  const { since, until } = range;
  const count = (n: number, capped: boolean) => `${formatNumber(n)}${capped ? "+" : ""}`;
  const inactive = b !== undefined && !b.webhook_active;

  function retryNow() {
    retry.mutate(
      { webhook_id: filters.webhookId, since, until },
      {
        onSuccess: ({ count: n }) => {
          toast.show(
            `${formatNumber(n)} waiting ${plural(n, "delivery", "deliveries")} being attempted now.`,
          );
          onClose();
        },
      },
    );
  }

  function redeliverFailed() {
    bulk.mutate(
      { webhook_id: filters.webhookId, since: since ?? new Date(0).toISOString(), until },
      {
        onSuccess: ({ queued, more }) => {
          toast.show(
            `${formatNumber(queued)} failed ${plural(queued, "delivery", "deliveries")} queued again${more ? "; more remain, run it again for the rest" : ""}.`,
          );
          onClose();
        },
      },
    );
  }

  const failure = retry.error ?? bulk.error;
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      size="md"
      title="Send the backlog again"
      description={`${webhookName}, deliveries created ${periodText(filters)}`}
      footer={
        <Button variant="secondary" onClick={onClose} disabled={pending} data-autofocus>
          Close
        </Button>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        {backlog.isPending ? (
          <p role="status" className="flex items-center gap-2">
            <Spinner className="size-4" /> Counting deliveries…
          </p>
        ) : backlog.isError ? (
          <p role="alert" className="text-red-800">
            {errorMessage(backlog.error)}
          </p>
        ) : b ? (
          <>
            {inactive ? (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
                {webhookName} is disabled: enable it on the Webhooks page before sending anything again.
              </p>
            ) : null}
            <section className="space-y-2 rounded-md border border-slate-200 p-3">
              <h3 className="font-semibold text-slate-900">
                {count(b.retrying, b.retrying_capped)} waiting for their next attempt
              </h3>
              <p>
                Each failed at least once and would be tried again later on its own. Retry now attempts them
                at once, each with its original payload and delivery id; one already being attempted is left
                to finish.
              </p>
              <Button
                onClick={retryNow}
                loading={retry.isPending}
                disabled={inactive || b.retrying === 0 || pending}
              >
                Retry {count(b.retrying, b.retrying_capped)} now
              </Button>
            </section>
            <section className="space-y-2 rounded-md border border-slate-200 p-3">
              <h3 className="font-semibold text-slate-900">
                {count(b.failed, b.failed_capped)} failed for good
              </h3>
              <p>Every automatic attempt failed. Redeliver sends each once more, now.</p>
              <Button
                variant="secondary"
                onClick={redeliverFailed}
                loading={bulk.isPending}
                disabled={inactive || b.failed === 0 || pending}
              >
                Redeliver {count(b.failed, b.failed_capped)}
              </Button>
            </section>
          </>
        ) : null}
        {failure ? (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-red-800">
            {errorMessage(failure)}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}
