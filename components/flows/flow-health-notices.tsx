"use client";

import Link from "next/link";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import type { FlowHealthJson, FlowJson } from "@/lib/flows/schemas";

/**
 * What to do, per alert: Meta's "Flow Health and Monitoring" guide
 * (developers.facebook.com/documentation/business-messaging/whatsapp/flows/guides/healthmonitoring):
 * WhatsApp throttles a Flow whose endpoint degrades (10 Flow messages an hour), then blocks it
 * (no sending, no opening), and lets it back the same way once the endpoint recovers.
 */
function advice(flow: FlowJson, health: FlowHealthJson | null): string {
  if (flow.status === "BLOCKED")
    return "WhatsApp blocked it: it cannot be sent and customers cannot open it. Fix its data endpoint (your receiver's errors and response time); WhatsApp moves it back to Throttled, then Published, once the endpoint recovers.";
  if (flow.status === "THROTTLED")
    return "WhatsApp throttled it to 10 Flow messages an hour. Fix its data endpoint (your receiver's errors and response time) before WhatsApp blocks it.";
  switch (health?.kind) {
    case "ENDPOINT_ERROR_RATE":
      return "Your receiver answers too many of WhatsApp's data requests with errors. Check its logs and that it answers 200 JSON within 8 seconds.";
    case "ENDPOINT_LATENCY":
      return "Your receiver answers WhatsApp's data requests too slowly. Make it answer faster (WhatsApp waits 10 seconds at most; the product gives the receiver 8).";
    case "ENDPOINT_AVAILABILITY":
      return "WhatsApp often cannot reach the data endpoint. Check that your receiver is up and that the channel's key was not rotated without WhatsApp seeing it.";
    case "CLIENT_ERROR_RATE":
      return "Customers hit errors inside the Flow (for example a screen your receiver named that the Flow JSON lacks). Check the screens and data your receiver answers.";
    case "FLOW_VERSION_EXPIRY_WARNING":
      return "Its Flow JSON version will expire. Make a new Flow with a current Flow JSON version, publish it and send that one instead.";
    default:
      return "WhatsApp reported a problem with this Flow.";
  }
}

/**
 * The alert's figures. Meta's message already names the threshold and the window ("…has reached the
 * 7000ms threshold in the last 30 minutes"): after it only the measure is added; without one, the
 * whole comparison.
 */
export function measured(h: FlowHealthJson): string | null {
  if (h.value === null || h.threshold === null) return null;
  // a no-break space: the figure and its unit stay on one line
  const unit = h.kind === "ENDPOINT_LATENCY" ? "\u00a0ms" : "%";
  if (h.message) return `Measured: ${h.value}${unit}.`;
  const window = h.period ? ` over the last ${h.period}` : "";
  return `${h.value}${unit} against a threshold of ${h.threshold}${unit}${window}.`;
}

/** Meta's sentence ends without a full stop: one is added before the figures follow. */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

export function needsNotice(flow: FlowJson): boolean {
  return flow.status === "THROTTLED" || flow.status === "BLOCKED" || flow.health?.problem === true;
}

/** Above the Flows table: each Flow WhatsApp throttled or blocked, or whose latest alert is a problem. */
export function FlowHealthNotices({ flows }: { flows: FlowJson[] }) {
  const troubled = flows.filter(needsNotice);
  if (troubled.length === 0) return null;
  return (
    <section aria-labelledby="flow-health-heading" className="mb-4">
      <h2 id="flow-health-heading" className="sr-only">
        Flow health
      </h2>
      <ul aria-label="Flows that need attention" className="space-y-3">
        {troubled.map((f) => (
          <li
            key={f.id}
            className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <p className="font-medium break-all">
              {f.name}:{" "}
              {f.status === "BLOCKED"
                ? "blocked"
                : f.status === "THROTTLED"
                  ? "throttled"
                  : "needs attention"}
            </p>
            {f.health ? (
              <p className="mt-1 break-words">
                {sentence(f.health.message ?? f.health.kind)}
                {measured(f.health) ? ` ${measured(f.health)}` : ""} Reported{" "}
                <time dateTime={f.health.received_at} title={formatDateTime(f.health.received_at, "")}>
                  {formatRelative(f.health.received_at)}
                </time>
                .
              </p>
            ) : null}
            <p className="mt-1">{advice(f, f.health)}</p>
            <p className="mt-1 break-all">
              <Link href={`/dashboard/flows/${f.id}#health`} className="font-medium underline">
                Every alert about {f.name}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
