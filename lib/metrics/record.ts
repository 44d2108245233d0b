import "#server-only";
import { metrics } from "@/lib/metrics/registry";

/**
 * What the hot paths call: one property read when metrics are off, a labelled increment or
 * observation when they are on. Labels are bounded (declared routes, outcomes, codes).
 */

export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  const m = metrics();
  if (!m) return;
  m.httpRequests.inc({ route, method, status: String(status) });
  m.httpDuration.observe({ route, method }, seconds);
}

/** A finished send job: `sent`, `failed` (with the upstream's error code, or our kind of failure) or `unknown`. */
export function countSend(outcome: { status: string; failure?: unknown }): void {
  const m = metrics();
  if (!m) return;
  m.sends.inc({
    outcome: outcome.status,
    error_code: outcome.status === "failed" ? errorCode(outcome.failure) : "",
  });
}

function errorCode(failure: unknown): string {
  if (typeof failure !== "object" || failure === null) return "unknown";
  const error = "error" in failure ? failure.error : undefined;
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (typeof code === "number" || (typeof code === "string" && /^[\w.-]{1,32}$/.test(code)))
    return String(code);
  return "kind" in failure && typeof failure.kind === "string" ? failure.kind.slice(0, 32) : "unknown";
}

/** One Graph API request: `operation` is the path's last named segment (`messages`, `message_templates`, …). */
export function observeUpstream(path: string, status: number | "error", seconds: number): void {
  const m = metrics();
  if (!m) return;
  const last = path.split("?")[0]?.split("/").filter(Boolean).at(-1) ?? "";
  const operation = /^[a-z_]{1,40}$/.test(last) ? last : "object";
  m.upstreamDuration.observe({ operation, status: String(status) }, seconds);
}

export function countDelivery(outcome: string, attemptNumber: number): void {
  metrics()?.deliveries.inc({ outcome, attempt: attemptNumber > 8 ? "9+" : String(attemptNumber) });
}

/**
 * A delivery attempt that stepped aside before its request: its organization's share of requests
 * in flight was full (`org_share`), or its webhook's rate limit put its slot later (`rate_limit`).
 */
export function countDeliveryPostponed(reason: "org_share" | "rate_limit"): void {
  metrics()?.deliveryPostponements.inc({ reason });
}

export function countInbound(result: "processed" | "failed"): void {
  metrics()?.inbound.inc({ result });
}

/** A channel's template sync ended (lib/templates/sync-templates.ts). */
export function countTemplateSync(result: "synced" | "failed" | "token_refused"): void {
  metrics()?.templateSyncs.inc({ result });
}

/** A channel's Flows sync ended (worker/templates.ts). */
export function countFlowSync(result: "synced" | "failed"): void {
  metrics()?.flowSyncs.inc({ result });
}

export function countBroadcastPause(errorCode: string): void {
  metrics()?.broadcastPauses.inc({ error_code: /^[0-9a-z_]{1,20}$/.test(errorCode) ? errorCode : "other" });
}

/**
 * A notification change of a field the product does not process, and whether a channel holds it
 * (recorded there) or none does (kept and logged only); the field label is bounded (else `other`).
 */
export function countUnprocessedField(field: string, channel: "known" | "none"): void {
  metrics()?.unprocessedFields.inc({ field: /^[a-z_]{1,40}$/.test(field) ? field : "other", channel });
}

/** A completed Flow's answer (lib/inbound/parse-flow-response.ts). */
export function countFlowResponse(result: "matched" | "unmatched" | "malformed"): void {
  metrics()?.flowResponses.inc({ result });
}

/** One Flows data endpoint request: our own share of it (the receiver's time left out). */
export function observeFlowEndpoint(action: string, status: number, overheadSeconds: number): void {
  const m = metrics();
  if (!m) return;
  const label = /^(ping|INIT|BACK|data_exchange|navigate|complete)$/.test(action) ? action : "other";
  m.flowEndpointOverhead.observe({ action: label, status: String(status) }, overheadSeconds);
}

/** A request scripts/web.ts answered on node:http, without Next.js. */
export function countNodeAnswer(lane: "api" | "upstream_receiver"): void {
  metrics()?.nodeAnswers.inc({ lane });
}
