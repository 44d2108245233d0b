import "#server-only";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { config } from "@/lib/config";
import { dbPoolStats } from "@/lib/db";

/**
 * The process's Prometheus metrics (prom-client), kept on globalThis so that every bundle of
 * the web process and the worker share one registry. Nothing is registered, counted or timed
 * unless METRICS_TOKEN is set: then `GET /metrics` answers them to that token only.
 */
function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "messaging_" });
  const registers = [registry];
  const metrics = {
    registry,
    httpRequests: new Counter({
      name: "messaging_http_requests_total",
      help: "/v1 requests answered, by route (the declared path), method and status",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "messaging_http_request_duration_seconds",
      help: "/v1 request latency, by route and method",
      labelNames: ["route", "method"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
      registers,
    }),
    sends: new Counter({
      name: "messaging_sends_total",
      help: "Send jobs finished by the worker, by outcome (sent, failed, unknown) and upstream error code",
      labelNames: ["outcome", "error_code"] as const,
      registers,
    }),
    upstreamDuration: new Histogram({
      name: "messaging_upstream_request_duration_seconds",
      help: "Graph API (upstream) request latency, by operation and HTTP status (error: no answer)",
      labelNames: ["operation", "status"] as const,
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    deliveries: new Counter({
      name: "messaging_webhook_deliveries_total",
      help: "Webhook delivery attempts, by outcome (succeeded, retrying, failed, gone) and attempt number",
      labelNames: ["outcome", "attempt"] as const,
      registers,
    }),
    deliveryPostponements: new Counter({
      name: "messaging_webhook_delivery_postponements_total",
      help: "Webhook delivery attempts that stepped aside before their request, by reason (org_share: the organization's requests in flight were at DELIVERY_ORG_SHARE; rate_limit: the webhook's rate_limit)",
      labelNames: ["reason"] as const,
      registers,
    }),
    broadcastPauses: new Counter({
      name: "messaging_broadcast_auto_pauses_total",
      help: "Broadcasts that paused themselves, by upstream error code when most of a window of results failed with it, or channel_inactive when their channel was deactivated",
      labelNames: ["error_code"] as const,
      registers,
    }),
    templateSyncs: new Counter({
      name: "messaging_template_syncs_total",
      help: "Template syncs of a channel by result (synced; failed: WhatsApp refused it for another reason than the token, or the Graph API could not be reached, kept on the channel; token_refused: error 190)",
      labelNames: ["result"] as const,
      registers,
    }),
    flowSyncs: new Counter({
      name: "messaging_flow_syncs_total",
      help: "Flows syncs of a channel (after its template sync) by result (synced; failed: the Graph API refused the list or could not be reached, kept on the channel)",
      labelNames: ["result"] as const,
      registers,
    }),
    inbound: new Counter({
      name: "messaging_inbound_notifications_total",
      help: "Upstream notifications processed by the worker, by result (processed, failed)",
      labelNames: ["result"] as const,
      registers,
    }),
    flowEndpointOverhead: new Histogram({
      name: "messaging_flow_endpoint_overhead_seconds",
      help: "The product's own share of a Flows data endpoint round trip (the whole request minus the business receiver's time), by action and answered status",
      labelNames: ["action", "status"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    unprocessedFields: new Counter({
      name: "messaging_upstream_unprocessed_fields_total",
      help: "Changes of upstream notifications whose field the product does not process (kept, not applied), by field and by whether a channel holds them (known: recorded on that channel for its organization; none: no organization holds the number or WABA, kept and logged only)",
      labelNames: ["field", "channel"] as const,
      registers,
    }),
    nodeAnswers: new Counter({
      name: "messaging_web_node_answers_total",
      help: "Requests the web answered on node:http before Next.js (scripts/web.ts), by lane: api (/v1 route files), upstream_receiver",
      labelNames: ["lane"] as const,
      registers,
    }),
    flowResponses: new Counter({
      name: "messaging_flow_responses_total",
      help: "Completed Flows received (nfm_reply), by result: matched (to a Flow message of the organization), unmatched, malformed (response_json kept raw)",
      labelNames: ["result"] as const,
      registers,
    }),
  };
  new Gauge({
    name: "messaging_db_pool_connections",
    help: "This process's PostgreSQL pool: open, idle and maximum connections, and queries waiting for one",
    labelNames: ["state"] as const,
    registers,
    collect() {
      // before the process's first query there is no pool yet: nothing open, nothing waiting
      const stats = dbPoolStats() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
      this.set({ state: "max" }, stats.max);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof create>;

const globalForMetrics = globalThis as unknown as { metrics?: Metrics | null };

/** The metrics, or null when METRICS_TOKEN is unset (every recorder is then a no-op). */
export function metrics(): Metrics | null {
  if (globalForMetrics.metrics === undefined) {
    globalForMetrics.metrics = config().METRICS_TOKEN ? create() : null;
  }
  return globalForMetrics.metrics;
}
