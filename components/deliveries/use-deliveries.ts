"use client";

import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { type DeliveryFilters, timeRange } from "@/components/deliveries/delivery-filters";
import { fetchJson } from "@/components/lib/fetch-json";
import type { DeliveryJson } from "@/lib/webhooks/delivery-json";
import type {
  BacklogJson,
  BulkRedeliverBody,
  BulkRedeliverJson,
  DeliveriesPageJson,
  DeliveryDetailJson,
  RetryNowDashboardBody,
} from "@/lib/webhooks/delivery-schemas";

export const DELIVERIES_QUERY_KEY = ["deliveries"] as const;

export function deliveriesSearch(
  filters: DeliveryFilters,
  extra: Record<string, string> = {},
): URLSearchParams {
  const query = new URLSearchParams(extra);
  if (filters.status) query.set("status", filters.status);
  if (filters.webhookId) query.set("webhook_id", filters.webhookId);
  if (filters.event) query.set("event", filters.event);
  const { since, until } = timeRange(filters);
  if (since) query.set("since", since);
  if (until) query.set("until", until);
  if (filters.sort !== "newest") query.set("sort", filters.sort);
  return query;
}

/** The filtered deliveries in the chosen order, page after page ("Load more"); refreshed every 10 s. */
export function useDeliveries(filters: DeliveryFilters) {
  return useInfiniteQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "list", filters],
    queryFn: ({ signal, pageParam }) => {
      const query = deliveriesSearch(filters, pageParam ? { cursor: pageParam } : {});
      return fetchJson<DeliveriesPageJson>(`/api/dashboard/deliveries?${query}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 10_000,
  });
}

/** One delivery in full; polled every second while it is pending. */
export function useDeliveryDetail(id: string | null) {
  return useQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "detail", id],
    queryFn: ({ signal }) =>
      fetchJson<{ delivery: DeliveryDetailJson }>(
        `/api/dashboard/deliveries/${encodeURIComponent(id ?? "")}`,
        {
          signal,
        },
      ),
    select: (data) => data.delivery,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.delivery.status === "pending" ? 1_000 : false),
  });
}

export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ delivery: DeliveryJson }>(`/api/dashboard/deliveries/${encodeURIComponent(id)}/redeliver`, {
        method: "POST",
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY }),
  });
}

export function useBulkRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkRedeliverBody) =>
      fetchJson<BulkRedeliverJson>("/api/dashboard/deliveries/redeliver", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY }),
  });
}

/** How many failed deliveries a bulk redelivery would take: same webhook and period, any event. */
export function useFailedCount(filters: DeliveryFilters, enabled: boolean) {
  const failedOnly: DeliveryFilters = { ...filters, status: "failed", event: "" };
  return useQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "failed-count", failedOnly],
    queryFn: ({ signal }) =>
      fetchJson<DeliveriesPageJson>(
        `/api/dashboard/deliveries?${deliveriesSearch(failedOnly, { limit: "1" })}`,
        {
          signal,
        },
      ),
    enabled,
  });
}

const STATUSES = ["failed", "pending", "succeeded"] as const;
export type StatusCounts = Record<(typeof STATUSES)[number], { matching: number; capped: boolean } | null>;

/**
 * How many deliveries each status holds under the other filters (the Status menu shows them):
 * three one-row queries reading the `matching` count, refreshed with the list.
 */
export function useStatusCounts(filters: DeliveryFilters): StatusCounts {
  const counts = useQueries({
    queries: STATUSES.map((status) => {
      const one: DeliveryFilters = { ...filters, status };
      return {
        queryKey: [...DELIVERIES_QUERY_KEY, "count", one],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          fetchJson<DeliveriesPageJson>(
            `/api/dashboard/deliveries?${deliveriesSearch(one, { limit: "1" })}`,
            {
              signal,
            },
          ),
        refetchInterval: 10_000,
      };
    }),
  });
  const of = (i: number) => {
    const page = counts[i]?.data;
    return page ? { matching: page.matching, capped: page.matching_capped } : null;
  };
  return { failed: of(0), pending: of(1), succeeded: of(2) };
}

/**
 * "Retry now": the retrying deliveries of one webhook (all, or those created in a period) are
 * attempted at once; answers how many. The lists and the webhooks' figures refetch.
 */
export function useRetryNow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetryNowDashboardBody) =>
      fetchJson<{ count: number }>("/api/dashboard/deliveries/retry-now", { method: "POST", body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY });
      void client.invalidateQueries({ queryKey: ["webhooks"] });
    },
  });
}

/**
 * How many deliveries of one webhook are retrying, and how many failed, created in
 * [since, until). The caller fixes the range once (a rolling period must not move the key).
 */
export function useBacklog(webhookId: string, range: { since?: string; until?: string }, enabled: boolean) {
  const query = new URLSearchParams({ webhook_id: webhookId });
  if (range.since) query.set("since", range.since);
  if (range.until) query.set("until", range.until);
  return useQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "backlog", query.toString()],
    queryFn: ({ signal }) => fetchJson<BacklogJson>(`/api/dashboard/deliveries/backlog?${query}`, { signal }),
    enabled,
  });
}
