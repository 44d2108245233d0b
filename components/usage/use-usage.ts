"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type { RateCardJson, UsageOverviewJson } from "@/lib/usage/usage-schemas";
export type UsageFilters = { from: string; to: string; channel: string };

export const USAGE_QUERY_KEY = ["usage"] as const;

export function usageSearch(f: UsageFilters): string {
  const q = new URLSearchParams({ from: f.from, to: f.to });
  if (f.channel) q.set("channel_id", f.channel);
  return q.toString();
}

export function useUsage(filters: UsageFilters) {
  return useQuery({
    queryKey: [...USAGE_QUERY_KEY, filters],
    queryFn: ({ signal }) =>
      fetchJson<{ usage: UsageOverviewJson }>(`/api/dashboard/usage?${usageSearch(filters)}`, { signal }),
    select: (d) => d.usage,
    placeholderData: (previous) => previous,
  });
}

export function useRateCard() {
  return useQuery({
    queryKey: [...USAGE_QUERY_KEY, "rates"],
    queryFn: ({ signal }) => fetchJson<{ rate_card: RateCardJson }>("/api/dashboard/usage/rates", { signal }),
    select: (d) => d.rate_card,
  });
}

export function useSaveRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateCardJson) =>
      fetchJson<{ rate_card: RateCardJson }>("/api/dashboard/usage/rates", { method: "PUT", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
  });
}
