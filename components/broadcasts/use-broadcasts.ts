"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { BROADCAST_DASHBOARD } from "@/lib/broadcasts/dashboard-endpoints";
import type { CreateBroadcastBody, RecipientJson } from "@/lib/broadcasts/schemas";

export const BROADCASTS_QUERY_KEY = ["broadcasts"] as const;

/** Statuses whose counts still move: their pages refresh every few seconds. */
const LIVE = new Set(["scheduled", "running", "paused"]);

export function isLive(status: string): boolean {
  return LIVE.has(status);
}

export function useBroadcastList(page: number) {
  return useQuery({
    queryKey: [...BROADCASTS_QUERY_KEY, "list", page],
    queryFn: ({ signal }) =>
      callDashboard(BROADCAST_DASHBOARD.listBroadcasts, {
        query: { page: String(page), per_page: "20" },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.broadcasts.some((b) => isLive(b.status)) ? 3_000 : 30_000),
  });
}

/** A broadcast's page, polled every 2 s while it may still change. */
export function useBroadcastDetail(id: string) {
  return useQuery({
    queryKey: [...BROADCASTS_QUERY_KEY, "detail", id],
    queryFn: ({ signal }) => callDashboard(BROADCAST_DASHBOARD.getBroadcast, { params: { id }, signal }),
    refetchInterval: (query) => {
      const b = query.state.data?.broadcast;
      if (!b) return false;
      // replies and late statuses keep coming for a day after completion: slower, not never
      return isLive(b.status) ? 2_000 : 15_000;
    },
  });
}

/** A page of recipients; `counts` (the broadcast's counts as text) is in the key: they refresh as it moves. */
export function useRecipients(
  id: string,
  params: { status: RecipientJson["status"] | ""; page: number; counts: string },
) {
  return useQuery({
    queryKey: [...BROADCASTS_QUERY_KEY, "recipients", id, params],
    queryFn: ({ signal }) =>
      callDashboard(BROADCAST_DASHBOARD.listRecipients, {
        params: { id },
        query: { page: String(params.page), per_page: "25", status: params.status || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export type BroadcastAction = "pause" | "resume" | "cancel" | "retry";

export function useBroadcastAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BroadcastAction) =>
      callDashboard(BROADCAST_DASHBOARD.controlBroadcast, { params: { id, action } }),
    onSuccess: () => client.invalidateQueries({ queryKey: BROADCASTS_QUERY_KEY }),
  });
}

export function usePreviewBroadcast() {
  return useMutation({
    mutationFn: (body: CreateBroadcastBody) => callDashboard(BROADCAST_DASHBOARD.previewBroadcast, { body }),
  });
}

export function useCreateBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBroadcastBody) => callDashboard(BROADCAST_DASHBOARD.createBroadcast, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: BROADCASTS_QUERY_KEY }),
  });
}
