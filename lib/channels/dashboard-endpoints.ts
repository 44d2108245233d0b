import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { MANAGERS } from "@/lib/auth/roles";
import {
  addChannelBody,
  type ChannelRowJson,
  channelSettingsBody,
  replaceTokenBody,
} from "@/lib/channels/channel-schemas";

const idParams = z.object({ id: z.string() });

/** The Channels page's routes (app/api/dashboard/channels): owners and admins. */
export const CHANNEL_DASHBOARD = declareDashboardEndpoints({
  listChannels: {
    method: "GET",
    path: "/api/dashboard/channels",
    roles: MANAGERS,
    answer: answer<{ channels: ChannelRowJson[] }>(),
    status: 200,
  },
  /** verifies the credentials upstream, stores the channel (token sealed) and queues a template sync */
  addChannel: {
    method: "POST",
    path: "/api/dashboard/channels",
    roles: MANAGERS,
    body: addChannelBody,
    answer: answer<{ channel: ChannelRowJson }>(),
    status: 201,
  },
  /** no sends, no syncs; its conversations and templates stay. Idempotent. */
  deactivateChannel: {
    method: "POST",
    path: "/api/dashboard/channels/{id}/deactivate",
    roles: MANAGERS,
    params: idParams,
    answer: answer<{ channel: ChannelRowJson }>(),
    status: 200,
  },
  /** coexistence and the Marketing Messages API, per channel */
  updateSettings: {
    method: "PATCH",
    path: "/api/dashboard/channels/{id}/settings",
    roles: MANAGERS,
    params: idParams,
    body: channelSettingsBody,
    answer: answer<{ channel: ChannelRowJson }>(),
    status: 200,
  },
  /** "Sync templates now": queues the channel's template sync (202: the worker does it) */
  syncTemplates: {
    method: "POST",
    path: "/api/dashboard/channels/{id}/sync",
    roles: MANAGERS,
    params: idParams,
    answer: answer<{ queued: true; templates_synced_at: string | null }>(),
    status: 202,
  },
  /** a new access token: checked upstream, sealed, never answered */
  replaceToken: {
    method: "POST",
    path: "/api/dashboard/channels/{id}/token",
    roles: MANAGERS,
    params: idParams,
    body: replaceTokenBody,
    answer: answer<{ channel: ChannelRowJson }>(),
    status: 200,
  },
});
