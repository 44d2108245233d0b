import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { channelSettingsBody, updateChannelSettings } from "@/lib/channels/update-channel-settings";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Owners and admins: coexistence and the Marketing Messages API, per channel. */
export const PATCH = dashboardRoute<typeof channelSettingsBody, undefined, { id: string }>(
  { roles: MANAGERS, body: channelSettingsBody },
  async ({ session, params, body }) =>
    jsonOk({ channel: await updateChannelSettings(session.organizationId, params.id, body) }),
);
