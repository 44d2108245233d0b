import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { replaceTokenBody } from "@/lib/channels/channel-schemas";
import { replaceChannelToken } from "@/lib/channels/replace-channel-token";
import { dashboardRoute } from "@/lib/dashboard/route";

/** A new access token for the channel (owners and admins): checked upstream, sealed, never answered. */
export const POST = dashboardRoute<typeof replaceTokenBody, undefined, { id: string }>(
  { roles: MANAGERS, body: replaceTokenBody },
  async ({ session, params, body }) =>
    jsonOk({ channel: await replaceChannelToken(session.organizationId, params.id, body.access_token) }),
);
