"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { OVERVIEW_DASHBOARD } from "@/lib/dashboard/dashboard-endpoints";
import type { OverviewRange } from "@/lib/dashboard/overview-schemas";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";

export const OVERVIEW_QUERY_KEY = ["overview"] as const;

function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The business overview, in the browser's time zone; refreshed every minute while the page is open. */
export function useOverview(range: OverviewRange) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: [...OVERVIEW_QUERY_KEY, range, tz],
    queryFn: ({ signal }) => callDashboard(OVERVIEW_DASHBOARD.getOverview, { query: { range, tz }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
  });
}

/**
 * The Developers section's data: owners and admins only. `enabled` is false for agents, so they
 * never ask a route that refuses their role (no 403 in their console).
 */
export function useDeveloperOverview(range: OverviewRange, enabled: boolean) {
  const tz = viewerTimeZone();
  return useQuery({
    queryKey: [...OVERVIEW_QUERY_KEY, "developers", range, tz],
    queryFn: ({ signal }) =>
      callDashboard(OVERVIEW_DASHBOARD.getDeveloperOverview, { query: { range, tz }, signal }),
    placeholderData: keepPreviousData,
    enabled,
    refetchInterval: 60_000,
  });
}

/** Webhooks disabled or failing in the last 24 hours: asked for in the Developers section only. */
export function useFailingWebhooks(enabled: boolean) {
  return useQuery({
    queryKey: [...OVERVIEW_QUERY_KEY, "failing-webhooks"],
    queryFn: ({ signal }) => callDashboard(WEBHOOK_DASHBOARD.listFailingWebhooks, { signal }),
    select: (data) => data.webhooks,
    enabled,
    refetchInterval: 60_000,
  });
}
