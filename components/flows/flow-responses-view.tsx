"use client";

import Link from "next/link";
import { ExportButton } from "@/components/contacts/export-button";
import { PageHeader } from "@/components/dashboard/page-header";
import { FlowHealthHistory } from "@/components/flows/flow-health-history";
import { useFlowResponses } from "@/components/flows/use-flow-responses";
import { dashboardUrl } from "@/components/lib/dashboard-client";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Loading } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useUrlParams } from "@/components/ui/use-url-params";
import { FLOW_DASHBOARD, type FlowResponseRowJson } from "@/lib/flows/dashboard-endpoints";

const PER_PAGE = 20;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function customerName(r: FlowResponseRowJson): string {
  const c = r.customer;
  if (!c) return "Unknown customer";
  return c.name ?? c.phone ?? c.user_id ?? "Unknown customer";
}

/** One completed Flow: who, when, the answers as label: value, and the conversation it came in. */
function ResponseCard({ response: r }: { response: FlowResponseRowJson }) {
  const c = r.customer;
  const address = c?.phone ?? c?.user_id;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 font-medium break-words text-slate-900">
          {customerName(r)}
          {address && address !== c?.name ? (
            <span className="ml-2 font-mono text-sm font-normal text-slate-600">{address}</span>
          ) : null}
        </p>
        <p className="text-sm whitespace-nowrap text-slate-600">
          <time dateTime={r.received_at}>{formatDateTime(r.received_at)}</time>
        </p>
      </div>
      {r.answers.length > 0 ? (
        <dl aria-label={`Answer of ${customerName(r)}`} className="mt-3 space-y-1 text-sm">
          {r.answers.map((a) => (
            <div key={a.key} className="break-words">
              <dt className="inline font-medium text-slate-700">{a.label}:</dt>{" "}
              <dd className="inline whitespace-pre-wrap text-slate-900">{a.value || "—"}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-3 text-sm text-slate-600">No fields were filled in.</p>
      )}
      {r.conversation_id ? (
        <p className="mt-3 text-sm">
          <Link
            href={`/dashboard/conversations/${r.conversation_id}`}
            className="font-medium text-blue-700 hover:underline"
          >
            Open the conversation<span className="sr-only"> with {customerName(r)}</span>
          </Link>
        </p>
      ) : null}
    </li>
  );
}

/**
 * A Flow's responses on the Flows page: newest first, paged, between two UTC days (in the URL,
 * so reload and Back keep them), and for managers the CSV of the same range; below them, the
 * Flow's health alerts.
 */
export function FlowResponsesView({ id, canExport }: { id: string; canExport: boolean }) {
  const { params, push } = useUrlParams();
  const from = DAY.test(params.get("from") ?? "") ? (params.get("from") as string) : "";
  const to = DAY.test(params.get("to") ?? "") ? (params.get("to") as string) : "";
  const page = Math.max(1, Math.trunc(Number(params.get("page"))) || 1);
  const responses = useFlowResponses(id, { from, to, page, perPage: PER_PAGE });
  const range = { from: from || undefined, to: to || undefined };

  if (responses.isPending) return <Loading label="Loading the Flow's responses" />;
  if (responses.isError && !responses.data) {
    return (
      <ErrorState
        title="Could not load the responses"
        message={errorMessage(responses.error)}
        onRetry={() => responses.refetch()}
      />
    );
  }
  const { flow, total } = responses.data;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/dashboard/flows" className="text-blue-700 hover:underline">
          ← Flows
        </Link>
      </p>
      <PageHeader
        title={`Responses: ${flow.name}`}
        description={`What customers filled in when they completed this Flow from ${flow.channel.name}, newest first.`}
        actions={
          canExport && total > 0 ? (
            <ExportButton
              url={dashboardUrl(FLOW_DASHBOARD.exportFlowResponses, { params: { id }, query: range })}
              countHeader="X-Flow-Response-Count"
              noun="responses"
            />
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-40">
          <Input
            label="From (UTC)"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => push({ from: e.target.value || null, page: null })}
          />
        </div>
        <div className="w-40">
          <Input
            label="To (UTC)"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => push({ to: e.target.value || null, page: null })}
          />
        </div>
      </div>
      {responses.isError ? (
        <p role="alert" className="mb-4 text-sm font-medium text-red-700">
          {errorMessage(responses.error)}
        </p>
      ) : null}
      {total === 0 ? (
        <EmptyState title={from || to ? "No responses in these dates" : "No responses yet"}>
          A response appears here when a customer completes the Flow sent to them (from a conversation, the
          API or a broadcast).
        </EmptyState>
      ) : (
        <div
          aria-busy={responses.isFetching}
          className={responses.isPlaceholderData ? "opacity-60" : undefined}
        >
          <ul aria-label="Responses" className="space-y-3">
            {responses.data.responses.map((r) => (
              <ResponseCard key={r.message_id} response={r} />
            ))}
          </ul>
          <Pagination
            page={responses.data.page}
            perPage={PER_PAGE}
            total={total}
            noun="responses"
            busy={responses.isFetching}
            onPageChange={(next) => push({ page: next > 1 ? String(next) : null })}
          />
        </div>
      )}
      <FlowHealthHistory id={id} />
    </>
  );
}
