"use client";

import { measured, sentence } from "@/components/flows/flow-health-notices";
import { FLOW_STATUS_TONE, words } from "@/components/flows/flows-table";
import { useFlowHealth } from "@/components/flows/use-flow-health";
import { errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { Loading } from "@/components/ui/skeleton";
import type { FlowHealthEntryJson } from "@/lib/flows/dashboard-endpoints";
import type { FlowJson } from "@/lib/flows/schemas";

const KIND: Record<Exclude<FlowHealthEntryJson["kind"], "FLOW_STATUS_CHANGE">, string> = {
  ENDPOINT_ERROR_RATE: "Data endpoint error rate",
  ENDPOINT_LATENCY: "Data endpoint latency",
  ENDPOINT_AVAILABILITY: "Data endpoint availability",
  CLIENT_ERROR_RATE: "Errors inside the Flow",
  FLOW_VERSION_EXPIRY_WARNING: "Flow JSON version expiring",
};

/** What happened, in one line: "Status: Published → Throttled", "Data endpoint latency: raised". */
function title(a: FlowHealthEntryJson): string {
  if (a.kind === "FLOW_STATUS_CHANGE") {
    const to = a.new_status ? words(a.new_status) : "changed";
    return a.old_status ? `Status: ${words(a.old_status)} → ${to}` : `Status: ${to}`;
  }
  const state = a.alert_state === "ACTIVATED" ? "raised" : a.alert_state === "DEACTIVATED" ? "cleared" : null;
  return state ? `${KIND[a.kind]}: ${state}` : KIND[a.kind];
}

function Entry({ alert: a }: { alert: FlowHealthEntryJson }) {
  const figures = measured(a);
  const status =
    a.new_status && a.new_status in FLOW_STATUS_TONE ? (a.new_status as FlowJson["status"]) : null;
  return (
    <li className="py-3 text-sm">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">{title(a)}</span>
        {status ? <Badge tone={FLOW_STATUS_TONE[status]}>{words(status)}</Badge> : null}
        {a.kind !== "FLOW_STATUS_CHANGE" ? (
          <Badge tone={a.problem ? "warning" : "success"}>{a.problem ? "Needs action" : "Resolved"}</Badge>
        ) : null}
        <time dateTime={a.received_at} className="text-slate-500">
          {formatDateTime(a.received_at)}
        </time>
      </div>
      {a.message || figures ? (
        <p className="mt-1 break-words text-slate-700">
          {a.message ? sentence(a.message) : null}
          {figures ? `${a.message ? " " : ""}${figures}` : null}
        </p>
      ) : null}
    </li>
  );
}

/**
 * Every alert and status change WhatsApp sent about the Flow, newest first (the Flows page's notice
 * shows the latest only): what support reads to find when a Flow degraded and whether it recovered.
 */
export function FlowHealthHistory({ id }: { id: string }) {
  const health = useFlowHealth(id);
  return (
    <section id="health" aria-labelledby="flow-health-history-heading" className="mt-8 scroll-mt-4">
      <h2 id="flow-health-history-heading" className="text-base font-semibold text-slate-900">
        Health alerts
      </h2>
      {health.isPending ? (
        <Loading label="Loading the Flow's alerts" />
      ) : health.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          Could not load the alerts: {errorMessage(health.error)}
        </p>
      ) : health.data.alerts.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          WhatsApp sent no alert or status change about this Flow in the last {health.data.kept_days} days.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            What WhatsApp's health monitoring said about this Flow, newest first (kept {health.data.kept_days}{" "}
            days).
          </p>
          <ul aria-label="Health alerts" className="mt-2 divide-y divide-slate-200">
            {health.data.alerts.map((a) => (
              <Entry key={a.id} alert={a} />
            ))}
          </ul>
          {health.data.has_more ? (
            <p className="mt-2 text-sm text-slate-600">
              Older ones: the events API, <code>GET /v1/events?type=flow.health</code>.
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
