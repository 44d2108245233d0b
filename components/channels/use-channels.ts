"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type { AddChannelInput, ChannelRowJson, ReplaceTokenInput } from "@/lib/channels/channel-schemas";

export const CHANNELS_QUERY_KEY = ["channels"] as const;

/** `poll`: while a template sync is awaited, the list is asked again every 1.5 s. */
export function useChannels(poll: boolean) {
  return useQuery({
    queryKey: CHANNELS_QUERY_KEY,
    queryFn: ({ signal }) => fetchJson<{ channels: ChannelRowJson[] }>("/api/dashboard/channels", { signal }),
    select: (data) => data.channels,
    refetchInterval: poll ? 1_500 : false,
  });
}

function useChannelMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });
      await client.invalidateQueries({ queryKey: ["templates"] });
    },
  });
}

export function useAddChannel() {
  return useChannelMutation((body: AddChannelInput) =>
    fetchJson<{ channel: ChannelRowJson }>("/api/dashboard/channels", { method: "POST", body }),
  );
}

export function useDeactivateChannel() {
  return useChannelMutation((id: string) =>
    fetchJson<{ channel: ChannelRowJson }>(`/api/dashboard/channels/${encodeURIComponent(id)}/deactivate`, {
      method: "POST",
    }),
  );
}

export function useReplaceToken() {
  return useChannelMutation((v: { id: string; body: ReplaceTokenInput }) =>
    fetchJson<{ channel: ChannelRowJson }>(`/api/dashboard/channels/${encodeURIComponent(v.id)}/token`, {
      method: "POST",
      body: v.body,
    }),
  );
}

export function useSyncTemplates() {
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ queued: true; templates_synced_at: string | null }>(
        `/api/dashboard/channels/${encodeURIComponent(id)}/sync`,
        { method: "POST" },
      ),
  });
}

export function useChannelSettings() {
  return useChannelMutation(
    ({ id, body }: { id: string; body: { coexistence: boolean; marketing_messages_api: boolean } }) =>
      fetchJson<{ channel: ChannelRowJson }>(`/api/dashboard/channels/${encodeURIComponent(id)}/settings`, {
        method: "PATCH",
        body,
      }),
  );
}
