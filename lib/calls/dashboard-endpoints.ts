import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { type CallSettingsJson, updateCallSettingsBody } from "@/lib/calls/call-settings-schemas";
import { answerCallBody, type LiveCallJson, type LiveCallsJson } from "@/lib/calls/dashboard-call-schemas";

const idParams = z.object({ id: z.string() });

/** Answering calls in the dashboard (app/api/dashboard/calls): every staff member of the organization. */
export const CALL_DASHBOARD = declareDashboardEndpoints({
  /** the ringing notice's short poll: the organization's ringing calls and those that just left ringing */
  live: {
    method: "GET",
    path: "/api/dashboard/calls/live",
    roles: EVERYONE,
    answer: answer<LiveCallsJson>(),
    status: 200,
  },
  /** the first staff member wins the call (409 "answered by …" for the others); pre_accept then accept upstream */
  answer: {
    method: "POST",
    path: "/api/dashboard/calls/{id}/answer",
    roles: EVERYONE,
    params: idParams,
    body: answerCallBody,
    answer: answer<LiveCallJson>(),
    status: 200,
  },
  /** rejects a ringing call for everyone (call.ended, business_rejected) */
  decline: {
    method: "POST",
    path: "/api/dashboard/calls/{id}/decline",
    roles: EVERYONE,
    params: idParams,
    answer: answer<LiveCallJson>(),
    status: 200,
  },
  /** terminates the call the signed-in staff member answered */
  hangUp: {
    method: "POST",
    path: "/api/dashboard/calls/{id}/hang-up",
    roles: EVERYONE,
    params: idParams,
    answer: answer<LiveCallJson>(),
    status: 200,
  },
});

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
