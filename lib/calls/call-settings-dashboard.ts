import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { type CallSettingsJson, updateCallSettingsBody } from "@/lib/calls/call-settings-schemas";

export type ChannelCallSettingsJson = CallSettingsJson & {
  channel_name: string;
  display_phone_number: string | null;
};

/**
 * The Channels page's Calling section (app/api/dashboard/calling-settings, …/channels/{id}/calling):
 * every staff member reads the settings (agents answer the calls they govern); owners and admins
 * change them, applied through WhatsApp first (lib/calls/call-settings.ts).
 */
export const CALL_SETTINGS_DASHBOARD = declareDashboardEndpoints({
  listCallSettings: {
    method: "GET",
    path: "/api/dashboard/calling-settings",
    roles: EVERYONE,
    answer: answer<{ channels: ChannelCallSettingsJson[] }>(),
    status: 200,
  },
  updateCallSettings: {
    method: "PATCH",
    path: "/api/dashboard/channels/{id}/calling",
    roles: MANAGERS,
    params: z.object({ id: z.string() }),
    body: updateCallSettingsBody,
    answer: answer<{ settings: CallSettingsJson }>(),
    status: 200,
  },
});
