"use client";

import { Fragment } from "react";
import { DeliveryStatusBadge } from "@/components/deliveries/delivery-status-badge";
import { FailureReason } from "@/components/deliveries/failure-reason";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import { UrlText } from "@/components/ui/url-text";
import type { DeliveryRowJson } from "@/lib/webhooks/delivery-schemas";

export type DeliveriesTableProps = {
  deliveries: DeliveryRowJson[];
  onOpen: (delivery: DeliveryRowJson) => void;
  onRedeliver: (delivery: DeliveryRowJson) => void;
  /** the delivery being redelivered, for its spinner */
  redelivering: string | null;
};

/** "Next attempt in 4 minutes", "No more attempts", "Delivered": what happens next, in words. */
function nextStep(d: DeliveryRowJson): string {
  if (d.status === "succeeded") return "Delivered";
  if (d.status === "failed") return "No more automatic attempts";
  if (!d.next_attempt_at) return "Next attempt soon";
  const due = new Date(d.next_attempt_at).getTime() <= Date.now();
  return due ? "Next attempt now" : `Next attempt ${formatRelative(d.next_attempt_at)}`;
}

/**
 * Deliveries, newest first: what (event, when), where (webhook, host and path), how it went
 * (status, last answer, what happens next), and the two actions, which always stay in view.
 */
export function DeliveriesTable({ deliveries, onOpen, onRedeliver, redelivering }: DeliveriesTableProps) {
  return (
    <Table caption="Webhook deliveries">
      <THead>
        <tr>
          <Th>Event</Th>
          <Th>Webhook</Th>
          <Th>Status and last answer</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {deliveries.map((d) => {
          const off = d.webhook.status !== "active";
          return (
            <Tr key={d.id}>
              <Td label="Event">
                <span className="block font-mono text-xs">
                  {d.event.split(".").map((part, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name, in order
                    <Fragment key={i}>
                      {i > 0 ? (
                        <>
                          .<wbr />
                        </>
                      ) : null}
                      {part}
                    </Fragment>
                  ))}
                </span>
                <time
                  dateTime={d.created_at}
                  title={`${formatDateTime(d.created_at)} · ${d.id}`}
                  className="block text-xs text-slate-600"
                >
                  {formatRelative(d.created_at)}
                </time>
              </Td>
              <Td label="Webhook" className="min-w-0">
                <span className="block font-medium break-words">{d.webhook.name}</span>
                <UrlText url={d.webhook.url} />
              </Td>
              <Td label="Status" className="max-sm:order-first">
                <span className="flex flex-wrap items-center gap-2">
                  <DeliveryStatusBadge status={d.status} attempts={d.attempt_count} />
                  <span className="text-xs text-slate-600">
                    {d.attempt_count} attempt{d.attempt_count === 1 ? "" : "s"}
                  </span>
                </span>
                <FailureReason
                  code={d.last_status_code}
                  error={d.last_error}
                  snippet={d.last_response_snippet}
                />
                <span className="block text-xs text-slate-600" title={formatDateTime(d.next_attempt_at, "")}>
                  {nextStep(d)}
                </span>
              </Td>
              <Td className="text-right">
                <div className="flex flex-wrap justify-end gap-2 max-sm:justify-start">
                  <Button variant="secondary" size="sm" onClick={() => onOpen(d)}>
                    Details<span className="sr-only"> of {d.id}</span>
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onRedeliver(d)}
                    loading={redelivering === d.id}
                    disabled={off}
                    aria-describedby={off ? `${d.id}-off` : undefined}
                  >
                    Redeliver<span className="sr-only"> {d.id}</span>
                  </Button>
                </div>
                {off ? (
                  <span id={`${d.id}-off`} className="mt-1 block text-xs text-slate-600">
                    Webhook disabled: enable it to redeliver
                  </span>
                ) : null}
              </Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
