"use client";

import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { type DeliveryFilters, timeRange } from "@/components/deliveries/delivery-filters";
import { callDashboard } from "@/components/lib/dashboard-client";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import type { BulkRedeliverBody, RetryNowDashboardBody } from "@/lib/webhooks/delivery-schemas";

export const DELIVERIES_QUERY_KEY = ["deliveries"] as const;

/** The page's filters as the list route's query (empty ones are left out of the URL). */
function deliveriesQuery(filters: DeliveryFilters, page: { cursor?: string; limit?: string } = {}) {
  const { since, until } = timeRange(filters);
  return {
    status: filters.status || undefined,
    webhook_id: filters.webhookId || undefined,
    event: filters.event || undefined,
    since: since || undefined,
    until: until || undefined,
    sort: filters.sort === "newest" ? undefined : filters.sort,
    ...page,
  };
}

function listDeliveries(
  filters: DeliveryFilters,
  signal: AbortSignal,
  page?: { cursor?: string; limit?: string },
) {
  return callDashboard(WEBHOOK_DASHBOARD.listDeliveries, { query: deliveriesQuery(filters, page), signal });
}

/** The filtered deliveries in the chosen order, page after page ("Load more"); refreshed every 10 s. */
export function useDeliveries(filters: DeliveryFilters) {
  return useInfiniteQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "list", filters],
    queryFn: ({ signal, pageParam }) => listDeliveries(filters, signal, { cursor: pageParam || undefined }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 10_000,
  });
}

/**
 * Just the webhooks' names (the Webhook filter), which every role that reads deliveries may ask for.
 * Its key sits under the webhooks page's ["webhooks"] so that creating, renaming or deleting a
 * webhook refreshes the filter too.
 */
export function useDeliveryWebhooks() {
  return useQuery({
    queryKey: ["webhooks", "names"],
    queryFn: ({ signal }) => callDashboard(WEBHOOK_DASHBOARD.listDeliveryWebhooks, { signal }),
    select: (data) => data.webhooks,
    refetchInterval: 30_000,
  });
}

/** One delivery in full; polled every second while it is pending. */
export function useDeliveryDetail(id: string | null) {
  return useQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "detail", id],
    queryFn: ({ signal }) =>
      callDashboard(WEBHOOK_DASHBOARD.getDelivery, { params: { id: id ?? "" }, signal }),
    select: (data) => data.delivery,
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.delivery.status === "pending" ? 1_000 : false),
  });
}

export function useRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callDashboard(WEBHOOK_DASHBOARD.redeliver, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY }),
  });
}

export function useBulkRedeliver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkRedeliverBody) => callDashboard(WEBHOOK_DASHBOARD.bulkRedeliver, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: DELIVERIES_QUERY_KEY }),
  });
}

/** How many failed deliveries a bulk redelivery would take: same webhook and period, any event. */
export function useFailedCount(filters: DeliveryFilters, enabled: boolean) {
  const failedOnly: DeliveryFilters = { ...filters, status: "failed", event: "" };
  return useQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "failed-count", failedOnly],
    queryFn: ({ signal }) => listDeliveries(failedOnly, signal, { limit: "1" }),
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
        queryFn: ({ signal }: { signal: AbortSignal }) => listDeliveries(one, signal, { limit: "1" }),
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
    mutationFn: (body: RetryNowDashboardBody) => callDashboard(WEBHOOK_DASHBOARD.retryNow, { body }),
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
  const query = { webhook_id: webhookId, since: range.since || undefined, until: range.until || undefined };
  return useQuery({
    queryKey: [...DELIVERIES_QUERY_KEY, "backlog", query],
    queryFn: ({ signal }) => callDashboard(WEBHOOK_DASHBOARD.countBacklog, { query, signal }),
    enabled,
  });
}
