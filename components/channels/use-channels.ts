"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import type { AddChannelInput, ChannelSettingsBody, ReplaceTokenInput } from "@/lib/channels/channel-schemas";
import { CHANNEL_DASHBOARD } from "@/lib/channels/dashboard-endpoints";

export const CHANNELS_QUERY_KEY = ["channels"] as const;

/** `poll`: while a template sync is awaited, the list is asked again every 1.5 s. */
export function useChannels(poll: boolean) {
  return useQuery({
    queryKey: CHANNELS_QUERY_KEY,
    queryFn: ({ signal }) => callDashboard(CHANNEL_DASHBOARD.listChannels, { signal }),
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
  return useChannelMutation((body: AddChannelInput) => callDashboard(CHANNEL_DASHBOARD.addChannel, { body }));
}

export function useDeactivateChannel() {
  return useChannelMutation((id: string) =>
    callDashboard(CHANNEL_DASHBOARD.deactivateChannel, { params: { id } }),
  );
}

export function useReplaceToken() {
  return useChannelMutation((v: { id: string; body: ReplaceTokenInput }) =>
    callDashboard(CHANNEL_DASHBOARD.replaceToken, { params: { id: v.id }, body: v.body }),
  );
}

export function useSyncTemplates() {
  return useMutation({
    mutationFn: (id: string) => callDashboard(CHANNEL_DASHBOARD.syncTemplates, { params: { id } }),
  });
}

export function useChannelSettings() {
  return useChannelMutation(({ id, body }: { id: string; body: ChannelSettingsBody }) =>
    callDashboard(CHANNEL_DASHBOARD.updateSettings, { params: { id }, body }),
  );
}
