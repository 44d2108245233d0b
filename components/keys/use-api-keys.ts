"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type { ApiKeyJson, CreatedKeyJson, CreateKeyBody } from "@/lib/keys/schemas";

export const KEYS_QUERY_KEY = ["api-keys"] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: KEYS_QUERY_KEY,
    queryFn: ({ signal }) => fetchJson<{ keys: ApiKeyJson[] }>("/api/dashboard/keys", { signal }),
    select: (data) => data.keys,
  });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateKeyBody) =>
      fetchJson<CreatedKeyJson>("/api/dashboard/keys", { method: "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ api_key: ApiKeyJson }>(`/api/dashboard/keys/${encodeURIComponent(id)}/revoke`, {
        method: "POST",
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_QUERY_KEY }),
  });
}
