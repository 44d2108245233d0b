"use client";

import Link from "next/link";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime, formatNumber, formatRelative } from "@/components/lib/format";
import { useFailingWebhooks } from "@/components/overview/use-overview";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass } from "@/components/ui/button";
import { TableSkeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { UrlText } from "@/components/ui/url-text";
import { useUpdateWebhook } from "@/components/webhooks/use-webhooks";
import type { FailingWebhookJson } from "@/lib/webhooks/delivery-schemas";
import { disabledWords } from "@/lib/webhooks/disabled-words";
import { lastAnswerWords } from "@/lib/webhooks/last-answer-words";

function deliveriesLink(webhookId: string): string {
  return `/dashboard/deliveries?${new URLSearchParams({ webhook_id: webhookId, status: "failed" })}`;
}

/** One click: the webhook delivers again (its failing streak starts afresh). */
function EnableButton({ webhook }: { webhook: FailingWebhookJson }) {
  const update = useUpdateWebhook();
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        size="sm"
        disabled={update.isPending}
        onClick={() => update.mutate({ id: webhook.id, body: { status: "active" } })}
      >
        {update.isPending ? "Enabling…" : "Enable again"}
        <span className="sr-only"> {webhook.name}</span>
      </Button>
      {update.isError ? (
        <p role="alert" className="text-xs text-red-700">
          {errorMessage(update.error)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The Developers section's webhooks (owners and admins): those disabled or failing (last 24 h),
 * each linked to its failed deliveries; one the product disabled says why and is enabled again
 * here. With no webhook at all it says so and links to creating one (never "all delivering").
 */
export function FailingWebhooksPanel({ webhooks }: { webhooks: { total: number; active: number } }) {
  const failing = useFailingWebhooks(webhooks.total > 0);
  return (
    <section aria-labelledby="failing-webhooks" className="mt-6">
      <h3 id="failing-webhooks" className="mb-3 text-base font-semibold text-slate-900">
        Webhooks needing attention
      </h3>
      {webhooks.total === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
          No webhooks yet, so your own systems hear nothing of new messages or contacts.{" "}
          <Link href="/dashboard/webhooks" className="font-medium text-blue-700 underline">
            Create a webhook
          </Link>{" "}
          to be told of them.
        </p>
      ) : failing.isPending ? (
        <TableSkeleton rows={2} columns={3} label="Loading webhook health" />
      ) : failing.isError ? (
        <ErrorState
          title="Could not load webhook health"
          message={errorMessage(failing.error)}
          onRetry={() => failing.refetch()}
        />
      ) : failing.data.length === 0 ? (
        <p className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
          {webhooks.total === 1
            ? "Your webhook is delivering"
            : `All ${formatNumber(webhooks.total)} webhooks are delivering`}
          : none disabled, no failed or retried deliveries in the last 24 hours.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {failing.data.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
              <div className="min-w-0 flex-1 basis-full md:basis-0">
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {w.name}
                  {w.status === "disabled" ? (
                    <Badge tone={w.auto_disabled ? "danger" : "neutral"}>
                      {w.auto_disabled ? "Disabled automatically" : "Disabled"}
                    </Badge>
                  ) : null}
                </p>
                <UrlText url={w.url} />
                {w.status === "disabled" ? (
                  <p className="text-xs text-slate-600">
                    {disabledWords(w.disabled_reason, w.disabled_at, (iso) => formatRelative(iso)).text}
                  </p>
                ) : null}
                {w.last_answer ? (
                  <p className="text-xs font-medium text-red-800" title={formatDateTime(w.last_answer.at)}>
                    {lastAnswerWords(w.last_answer, (iso) => formatRelative(iso))}
                  </p>
                ) : null}
              </div>
              <p className="text-sm text-slate-700">
                <Badge tone={w.failed > 0 ? "danger" : "neutral"}>{formatNumber(w.failed)} failed</Badge>{" "}
                <Badge tone={w.retrying > 0 ? "warning" : "neutral"}>
                  {formatNumber(w.retrying)} retrying
                </Badge>{" "}
                <span className="text-slate-600">· {formatNumber(w.succeeded)} succeeded</span>
              </p>
              <p className="text-sm text-slate-600" title={formatDateTime(w.last_failure_at)}>
                Last failure {formatRelative(w.last_failure_at, "—")}
              </p>
              <Link href={deliveriesLink(w.id)} className={buttonClass("secondary", "sm")}>
                See failures<span className="sr-only"> of {w.name}</span>
              </Link>
              {w.status === "disabled" ? <EnableButton webhook={w} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
