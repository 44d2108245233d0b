import { z } from "zod";
import { FLOW_HEALTH_KINDS } from "@/lib/events/flow-payloads";
import type { FlowHealthJson } from "@/lib/flows/schemas";

/**
 * Meta's `flows` webhook field (WABA-level: `entry[].id` is the WhatsApp Business Account).
 * Sources: "Flows Webhooks" (developers.facebook.com/documentation/business-messaging/whatsapp/flows/guides/flowswebhooks,
 * updated Mar 15 2026: status changes, client error rates, endpoint error rates, endpoint
 * latencies, endpoint availability, version freeze/expiry warnings) and "Flow Health and
 * Monitoring" (…/flows/guides/healthmonitoring: alerts come before WhatsApp throttles, then
 * blocks, a Flow whose endpoint degrades). Every value carries `event`, `message` and `flow_id`;
 * the status change `old_status` / `new_status`; the alerts `threshold`, `alert_state`
 * (ACTIVATED / DEACTIVATED) and their measure: `error_rate` (percent, with `errors` by type),
 * `p90_latency` (ms; `p50_latency`, `requests_count` beside it), `availability` (percent).
 * The stored copy of the page we read lists the alerts but not every field of every payload, so
 * the reading is lenient (decided here): any of those measures is the `value`, unknown fields go
 * to `details` as sent, and the window ("in the last 60 minutes") is read from Meta's message,
 * which is the only place that names it.
 */
const flowsValue = z
  .object({
    event: z.string().min(1),
    flow_id: z.union([z.string().min(1), z.number()]).transform(String),
    message: z.string().nullish(),
  })
  .loose();

const number = (v: unknown): number | null => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

const MEASURES = ["error_rate", "p90_latency", "p50_latency", "availability", "value"] as const;
const KNOWN = new Set([
  "event",
  "flow_id",
  "message",
  "threshold",
  "alert_state",
  "old_status",
  "new_status",
]);

/** "…in the last 60 minutes" → "60 minutes"; null when Meta's message names no window. */
export function periodOf(message: string | null): string | null {
  const match = message?.match(/\b(?:last|past)\s+(\d+(?:\.\d+)?\s*(?:seconds?|minutes?|hours?|days?))/i);
  return match?.[1] ?? null;
}

/** A status WhatsApp put a Flow in because of its health (Flow Health and Monitoring). */
export const PROBLEM_STATUSES: ReadonlySet<string> = new Set(["THROTTLED", "BLOCKED"]);

export type FlowsChange =
  | {
      name: "flow.status_changed";
      upstreamFlowId: string;
      data: { oldStatus: string | null; newStatus: string; message: string | null; problem: boolean };
    }
  | {
      name: "flow.health";
      upstreamFlowId: string;
      data: {
        kind: (typeof FLOW_HEALTH_KINDS)[number];
        alertState: string | null;
        threshold: number | null;
        value: number | null;
        period: string | null;
        message: string | null;
        problem: boolean;
        details: Record<string, unknown>;
      };
    };

/** One `flows` change read; null for a value we cannot read or an event Meta did not document. */
export function readFlowsChange(raw: unknown): FlowsChange | null {
  const parsed = flowsValue.safeParse(raw);
  if (!parsed.success) return null;
  const value = parsed.data as Record<string, unknown> & z.infer<typeof flowsValue>;
  const event = value.event.toUpperCase();
  const message = text(value.message);
  if (event === "FLOW_STATUS_CHANGE") {
    const newStatus = text(value.new_status)?.toUpperCase();
    if (!newStatus) return null;
    return {
      name: "flow.status_changed",
      upstreamFlowId: value.flow_id,
      data: {
        oldStatus: text(value.old_status)?.toUpperCase() ?? null,
        newStatus,
        message,
        problem: PROBLEM_STATUSES.has(newStatus),
      },
    };
  }
  const kind = FLOW_HEALTH_KINDS.find((k) => k === event);
  if (!kind) return null;
  const alertState = text(value.alert_state)?.toUpperCase() ?? null;
  const measure = MEASURES.map((m) => number(value[m])).find((n) => n !== null) ?? null;
  const details = Object.fromEntries(
    Object.entries(value).filter(([k]) => !KNOWN.has(k) && !(MEASURES as readonly string[]).includes(k)),
  );
  return {
    name: "flow.health",
    upstreamFlowId: value.flow_id,
    data: {
      kind,
      alertState,
      threshold: number(value.threshold),
      value: measure,
      period: periodOf(message),
      message,
      // a version warning always asks for action; a metric alert while ACTIVATED (or naming no
      // state: decided here, it is safer to show than to hide)
      problem: kind === "FLOW_VERSION_EXPIRY_WARNING" || alertState !== "DEACTIVATED",
      details,
    },
  };
}

/**
 * A change of the `flows` field as the Flow shows it (`Flow.health`): from the change just read, or
 * from the data of a `flow.status_changed` / `flow.health` event recorded earlier (which holds the
 * change's data beside the Flow's ids), so that the Flow's latest alert and its history read alike.
 * Null for data that is neither (an alert kind this version does not know).
 */
export function healthOf(
  name: FlowsChange["name"],
  data: Record<string, unknown>,
): Omit<FlowHealthJson, "received_at"> | null {
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const problem = data.problem === true;
  if (name === "flow.status_changed") {
    return {
      kind: "FLOW_STATUS_CHANGE",
      problem,
      new_status: str(data.newStatus),
      alert_state: null,
      threshold: null,
      value: null,
      period: null,
      message: str(data.message),
    };
  }
  const kind = FLOW_HEALTH_KINDS.find((k) => k === data.kind);
  if (!kind) return null;
  return {
    kind,
    problem,
    new_status: null,
    alert_state: str(data.alertState),
    threshold: num(data.threshold),
    value: num(data.value),
    period: str(data.period),
    message: str(data.message),
  };
}
