"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FLOWS_QUERY_KEY } from "@/components/flows/use-flows";
import { callDashboard } from "@/components/lib/dashboard-client";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";

export type FlowResponsesFilters = { from: string; to: string; page: number; perPage: number };

export function useFlowResponses(id: string, filters: FlowResponsesFilters) {
  return useQuery({
    queryKey: [...FLOWS_QUERY_KEY, id, "responses", filters],
    queryFn: ({ signal }) =>
      callDashboard(FLOW_DASHBOARD.listFlowResponses, {
        params: { id },
        query: {
          from: filters.from || undefined,
          to: filters.to || undefined,
          page: String(filters.page),
          per_page: String(filters.perPage),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
