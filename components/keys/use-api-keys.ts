"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import { KEY_DASHBOARD } from "@/lib/keys/dashboard-endpoints";
import type { CreateKeyBody } from "@/lib/keys/schemas";

export const KEYS_QUERY_KEY = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: KEYS_QUERY_KEY,
    queryFn: ({ signal }) => callDashboard(KEY_DASHBOARD.listKeys, { signal }),
    select: (data) => data.keys,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKeyBody) => callDashboard(KEY_DASHBOARD.createKey, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callDashboard(KEY_DASHBOARD.revokeKey, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
  });
}
