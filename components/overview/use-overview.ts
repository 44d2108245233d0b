"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type { OverviewJson, OverviewRange } from "@/lib/dashboard/overview-schemas";
import type { FailingWebhookJson } from "@/lib/webhooks/delivery-schemas";

export const OVERVIEW_QUERY_KEY = ["overview"] as const;

function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The charts' data, in the browser's time zone; refreshed every minute while the page is open. */
export function useOverview(range: OverviewRange) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: [...OVERVIEW_QUERY_KEY, range, tz],
    queryFn: ({ signal }) =>
      fetchJson<OverviewJson>(`/api/dashboard/overview?range=${range}&tz=${encodeURIComponent(tz)}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/** Owners and admins only (the route answers 403 to agents, so agents never ask). */
export function useFailingWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: [...OVERVIEW_QUERY_KEY, "failing-webhooks"],
    queryFn: ({ signal }) =>
      fetchJson<{ webhooks: FailingWebhookJson[] }>("/api/dashboard/overview/webhooks", { signal }),
    select: (data) => data.webhooks,
    enabled,
    refetchInterval: 60_000,
  });
}
