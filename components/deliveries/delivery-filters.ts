import type { DeliverySort, DeliveryStatus } from "@/lib/webhooks/delivery-schemas";

export const PERIODS = {
  "1h": { label: "Last hour", ms: 3_600_000 },
  "24h": { label: "Last 24 hours", ms: 86_400_000 },
  "7d": { label: "Last 7 days", ms: 7 * 86_400_000 },
  "30d": { label: "Last 30 days", ms: 30 * 86_400_000 },
  all: { label: "Any time", ms: null },
  custom: { label: "Between…", ms: null },
} as const;

export type Period = keyof typeof PERIODS;

/** The deliveries page's filters, as kept in the URL (shareable links for support). */
export type DeliveryFilters = {
  status: DeliveryStatus | "";
  webhookId: string;
  event: string;
  period: Period;
  /** datetime-local values (the browser's zone), when period is "custom" */
  from: string;
  to: string;
  /** by creation time; "newest" is the default and is left out of the URL */
  sort: DeliverySort;
};

/** Every status by default: someone whose deliveries all arrived sees them (with counts per status). */
export const DEFAULT_FILTERS: DeliveryFilters = {
  status: "",
  webhookId: "",
  event: "",
  period: "all",
  from: "",
  to: "",
  sort: "newest",
};

function isPeriod(value: string | null): value is Period {
  return value !== null && value in PERIODS;
}

export function filtersFromParams(params: URLSearchParams): DeliveryFilters {
  const status = params.get("status");
  const period = params.get("period");
  return {
    status: status === "pending" || status === "succeeded" || status === "failed" ? status : "",
    webhookId: params.get("webhook_id") ?? "",
    event: params.get("event") ?? "",
    period: isPeriod(period) ? period : DEFAULT_FILTERS.period,
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    sort: params.get("sort") === "oldest" ? "oldest" : "newest",
  };
}

/** Back to URL parameters; "any" (every status, the default) is still written for older links. */
export function filtersToParams(filters: DeliveryFilters, keep: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(keep);
  const set = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  set("status", filters.status || "any");
  set("webhook_id", filters.webhookId);
  set("event", filters.event);
  set("period", filters.period === DEFAULT_FILTERS.period ? "" : filters.period);
  set("from", filters.period === "custom" ? filters.from : "");
  set("to", filters.period === "custom" ? filters.to : "");
  set("sort", filters.sort === DEFAULT_FILTERS.sort ? "" : filters.sort);
  return next;
}

function localToIso(value: string): string | undefined {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
}

/** [since, until) as ISO instants; a rolling period is measured from now, at request time. */
export function timeRange(filters: DeliveryFilters, now = Date.now()): { since?: string; until?: string } {
  if (filters.period === "custom") return { since: localToIso(filters.from), until: localToIso(filters.to) };
  const ms = PERIODS[filters.period].ms;
  return ms === null ? {} : { since: new Date(now - ms).toISOString() };
}
