import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { deactivateChannel } from "@/lib/channels/deactivate-channel";
import { getChannelOrThrow, toChannelRow } from "@/lib/channels/list-channel-rows";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Deactivates the channel: no sends, no syncs; its conversations and templates stay. Idempotent. */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: MANAGERS },
  async ({ session, params }) => {
    const channel = await getChannelOrThrow(session.organizationId, params.id);
    const done = (await deactivateChannel(channel.id, session.organizationId)) ?? channel;
    return jsonOk({ channel: toChannelRow(done, 0) });
  },
);
