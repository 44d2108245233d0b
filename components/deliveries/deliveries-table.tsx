"use client";

import { DeliveryStatusBadge } from "@/components/deliveries/delivery-status-badge";
import { FailureReason } from "@/components/deliveries/failure-reason";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Table, TBody, Td, THead, Th, Tr } from "@/components/ui/table";
import type { DeliveryRowJson } from "@/lib/webhooks/delivery-schemas";

export type DeliveriesTableProps = {
  deliveries: DeliveryRowJson[];
  onOpen: (delivery: DeliveryRowJson) => void;
  onRedeliver: (delivery: DeliveryRowJson) => void;
  /** the delivery being redelivered, for its spinner */
  redelivering: string | null;
};

/** Deliveries, newest first: what, where, how it went, and what happens next. */
export function DeliveriesTable({ deliveries, onOpen, onRedeliver, redelivering }: DeliveriesTableProps) {
  return (
    <Table caption="Webhook deliveries">
      <THead>
        <tr>
          <Th>Created</Th>
          <Th>Event</Th>
          <Th>Webhook</Th>
          <Th>Status</Th>
          <Th>Last answer</Th>
          <Th>Next attempt</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </THead>
      <TBody>
        {deliveries.map((d) => (
          <Tr key={d.id}>
            <Td label="Created" className="whitespace-nowrap" title={d.id}>
              {formatDateTime(d.created_at)}
            </Td>
            <Td label="Event" className="font-mono text-xs">
              {d.event}
            </Td>
            <Td label="Webhook" className="max-w-48">
              <span className="block truncate font-medium">{d.webhook.name}</span>
              <span className="block truncate font-mono text-xs text-slate-500">{d.webhook.url}</span>
            </Td>
            <Td label="Status" className="whitespace-nowrap max-sm:order-first">
              <DeliveryStatusBadge status={d.status} attempts={d.attempt_count} />
              <span className="block text-xs text-slate-500">
                {d.attempt_count} attempt{d.attempt_count === 1 ? "" : "s"}
              </span>
            </Td>
            <Td label="Last answer" className="max-w-64 max-sm:order-first">
              <FailureReason
                code={d.last_status_code}
                error={d.last_error}
                snippet={d.last_response_snippet}
              />
            </Td>
            <Td
              label="Next attempt"
              className="whitespace-nowrap"
              title={formatDateTime(d.next_attempt_at, "")}
            >
              {d.next_attempt_at ? formatRelative(d.next_attempt_at) : "—"}
            </Td>
            <Td className="text-right whitespace-nowrap">
              <Button variant="ghost" size="sm" onClick={() => onOpen(d)}>
                Details<span className="sr-only"> of {d.id}</span>
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => onRedeliver(d)}
                loading={redelivering === d.id}
                disabled={d.webhook.status !== "active"}
                title={d.webhook.status === "active" ? undefined : "The webhook is disabled: enable it first"}
              >
                Redeliver<span className="sr-only"> {d.id}</span>
              </Button>
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}
