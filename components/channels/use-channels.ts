"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { startWatch } from "@/components/channels/sync-watches";
import { callDashboard } from "@/components/lib/dashboard-client";
import type {
  AddChannelInput,
  ChannelRowJson,
  ChannelSettingsBody,
  ReplaceTokenInput,
} from "@/lib/channels/channel-schemas";
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
    mutationFn: (channel: ChannelRowJson) =>
      callDashboard(CHANNEL_DASHBOARD.syncTemplates, { params: { id: channel.id } }),
    // here rather than in mutate(): it runs even when the page re-rendered anew or was left while
    // the request was on its way, and the watch lives outside the page (sync-watches.ts)
    onSuccess: (answer, channel) => startWatch(channel, answer.templates_synced_at),
  });
}

export function useChannelSettings() {
  return useChannelMutation(({ id, body }: { id: string; body: ChannelSettingsBody }) =>
    callDashboard(CHANNEL_DASHBOARD.updateSettings, { params: { id }, body }),
  );
}
