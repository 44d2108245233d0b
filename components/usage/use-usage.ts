"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { USAGE_DASHBOARD } from "@/lib/usage/dashboard-endpoints";
import type { RateCardJson } from "@/lib/usage/usage-schemas";
export type UsageFilters = { from: string; to: string; channel: string };

export const USAGE_QUERY_KEY = ["usage"] as const;

/** The filters as the Usage routes' query (the page and its CSV export take the same). */
export function usageQuery(f: UsageFilters) {
  return { from: f.from, to: f.to, channel_id: f.channel || undefined };
}

export function useUsage(filters: UsageFilters) {
  return useQuery({
    queryKey: [...USAGE_QUERY_KEY, filters],
    queryFn: ({ signal }) => callDashboard(USAGE_DASHBOARD.getUsage, { query: usageQuery(filters), signal }),
    select: (d) => d.usage,
    placeholderData: (previous) => previous,
  });
}

export function useRateCard() {
  return useQuery({
    queryKey: [...USAGE_QUERY_KEY, "rates"],
    queryFn: ({ signal }) => callDashboard(USAGE_DASHBOARD.getRateCard, { signal }),
    select: (d) => d.rate_card,
  });
}

export function useSaveRateCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RateCardJson) => callDashboard(USAGE_DASHBOARD.setRateCard, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
  });
}
