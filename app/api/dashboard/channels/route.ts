import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { addChannel } from "@/lib/channels/add-channel";
import { addChannelBody } from "@/lib/channels/channel-schemas";
import { listChannelRows, toChannelRow } from "@/lib/channels/list-channel-rows";
import { dashboardRoute } from "@/lib/dashboard/route";

export const GET = dashboardRoute({ roles: MANAGERS }, async ({ session }) =>
  jsonOk({ channels: await listChannelRows(session.organizationId) }),
);

/** Verifies the credentials upstream, stores the channel (token sealed) and queues a template sync. */
export const POST = dashboardRoute({ roles: MANAGERS, body: addChannelBody }, async ({ session, body }) =>
  jsonOk({ channel: toChannelRow(await addChannel(session.organizationId, body), 0) }, 201),
);
