"use client";

import type { ReactNode } from "react";
import { AttemptsList } from "@/components/deliveries/attempts-list";
import { CodeBlock, prettyJson } from "@/components/deliveries/code-block";
import { DeliveryStatusBadge } from "@/components/deliveries/delivery-status-badge";
import { HeadersTable } from "@/components/deliveries/headers-table";
import { LastAttemptSummary } from "@/components/deliveries/last-attempt-summary";
import { useDeliveryDetail, useRedeliver } from "@/components/deliveries/use-deliveries";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Loading } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-500">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** One delivery: the last attempt's outcome first, then every attempt, the envelope as sent, the headers. */
export function DeliveryDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useDeliveryDetail(id);
  const redeliver = useRedeliver();
  const toast = useToast();
  const d = detail.data;
  const latest = d?.attempts.at(-1);
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      size="lg"
      title="Delivery"
      description={<span className="font-mono">{id}</span>}
      footer={
        <>
          {d && d.webhook.status !== "active" ? (
            <p id="redeliver-off" className="mr-auto self-center text-sm text-slate-600">
              Redeliver is off while {d.webhook.name} is disabled: enable it on the Webhooks page first.
            </p>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={redeliver.isPending}
            disabled={d?.webhook.status !== "active"}
            aria-describedby={d && d.webhook.status !== "active" ? "redeliver-off" : undefined}
            onClick={() =>
              d &&
              redeliver.mutate(d.id, {
                onSuccess: () => toast.show("Redelivery queued: the next attempt runs now."),
                onError: (error) => toast.show(errorMessage(error), "error"),
              })
            }
          >
            Redeliver
          </Button>
        </>
      }
    >
      {detail.isPending ? (
        <Loading label="Loading the delivery" />
      ) : detail.isError ? (
        <ErrorState
          title="Could not load the delivery"
          message={errorMessage(detail.error)}
          onRetry={() => detail.refetch()}
        />
      ) : d ? (
        <div className="space-y-6">
          <LastAttemptSummary attempt={latest} />
          <dl className="grid gap-4 sm:grid-cols-3">
            <Item term="Status">
              <DeliveryStatusBadge status={d.status} attempts={d.attempt_count} />
            </Item>
            <Item term="Event">
              <span className="font-mono">{d.event}</span>
            </Item>
            <Item term="Created">{formatDateTime(d.created_at)}</Item>
            <Item term="Webhook">
              {d.webhook.name}
              {d.webhook.status === "disabled" ? " (disabled)" : ""}
              <span className="block truncate font-mono text-xs text-slate-500">{d.webhook.url}</span>
            </Item>
            <Item term="Attempts">{d.attempt_count}</Item>
            <Item term="Next attempt">
              {d.next_attempt_at
                ? `${formatDateTime(d.next_attempt_at)} (${formatRelative(d.next_attempt_at)})`
                : d.status === "succeeded"
                  ? `None: succeeded ${formatDateTime(d.succeeded_at)}`
                  : d.webhook.status !== "active"
                    ? "None: the webhook is disabled"
                    : "None: every automatic attempt was made; Redeliver sends it again"}
            </Item>
          </dl>
          <Section title="Attempts">
            <AttemptsList attempts={d.attempts} />
          </Section>
          <Section title="Payload (the envelope as sent)">
            <CodeBlock label="Payload" text={prettyJson(d.payload)} copyValue={d.payload} />
          </Section>
          <Section title={latest ? `Headers sent (attempt ${latest.attempt_number})` : "Headers sent"}>
            {latest ? (
              <HeadersTable headers={latest.request_headers} caption="Headers of the latest attempt" />
            ) : (
              <p className="text-sm text-slate-600">Headers are recorded with the first attempt.</p>
            )}
          </Section>
        </div>
      ) : null}
    </Dialog>
  );
}
