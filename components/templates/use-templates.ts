"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { TEMPLATE_DASHBOARD } from "@/lib/templates/dashboard-endpoints";

export const TEMPLATES_QUERY_KEY = ["templates"] as const;

export function useTemplates(params: { channelId: string; search: string; page: number; perPage: number }) {
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, params],
    queryFn: ({ signal }) =>
      callDashboard(TEMPLATE_DASHBOARD.listTemplates, {
        query: {
          page: String(params.page),
          per_page: String(params.perPage),
          channel_id: params.channelId || undefined,
          search: params.search || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
