"use client";

import Link from "next/link";
import { deliveryState } from "@/components/deliveries/delivery-status-badge";
import { useDeliveryDetail } from "@/components/deliveries/use-deliveries";
import { errorMessage } from "@/components/lib/fetch-json";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/skeleton";

/** The outcome of the last test event, followed live: waiting, delivered (code, time) or failing. */
export function TestResult({
  deliveryId,
  webhookName,
  onDismiss,
}: {
  deliveryId: string;
  webhookName: string;
  onDismiss: () => void;
}) {
  const detail = useDeliveryDetail(deliveryId);
  const d = detail.data;
  const last = d?.attempts.at(-1);
  const state = d ? deliveryState(d.status, d.attempt_count) : null;
  return (
    <section
      aria-label="Test event"
      aria-live="polite"
      className="mb-4 flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm"
    >
      <p className="font-medium text-slate-900">Test event to {webhookName}:</p>
      {detail.isError ? (
        <p className="text-red-800">{errorMessage(detail.error)}</p>
      ) : !d || !last ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner className="size-4" /> Sending…
        </p>
      ) : (
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          {state ? <Badge tone={state.tone}>{state.label}</Badge> : null}
          {last.status_code !== null ? `answered ${last.status_code}` : "no answer"} in {last.duration_ms} ms
          {last.error && d.status !== "succeeded" ? (
            <span className="text-red-800">({last.error})</span>
          ) : null}
        </p>
      )}
      <span className="flex-1" />
      <Link
        href={`/dashboard/deliveries?${new URLSearchParams({ id: deliveryId, status: "any" })}`}
        className="text-blue-700 hover:underline"
      >
        See the delivery
      </Link>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </section>
  );
}
