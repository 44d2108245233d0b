"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { FLOW_DASHBOARD } from "@/lib/flows/dashboard-endpoints";

export const FLOWS_QUERY_KEY = ["flows"] as const;

export function useFlows(params: { channelId: string; page: number; perPage: number }) {
  return useQuery({
    queryKey: [...FLOWS_QUERY_KEY, params],
    queryFn: ({ signal }) =>
      callDashboard(FLOW_DASHBOARD.listFlows, {
        query: {
          page: String(params.page),
          per_page: String(params.perPage),
          channel_id: params.channelId || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function usePublishFlow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callDashboard(FLOW_DASHBOARD.publishFlow, { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: FLOWS_QUERY_KEY }),
  });
}

export function useFlowPreview() {
  return useMutation({
    mutationFn: (id: string) => callDashboard(FLOW_DASHBOARD.previewFlow, { params: { id } }),
  });
}
