import { jsonOk } from "@/lib/api/respond";
import { addChannel } from "@/lib/dashboard/add-channel";
import { addChannelBody } from "@/lib/dashboard/channel-schemas";
import { listChannels, toChannelRow } from "@/lib/dashboard/list-channels";
import { MANAGERS } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

export const GET = dashboardRoute({ roles: MANAGERS }, async ({ session }) =>
  jsonOk({ channels: await listChannels(session.organizationId) }),
);

/** Verifies the credentials upstream, stores the channel (token sealed) and queues a template sync. */
export const POST = dashboardRoute({ roles: MANAGERS, body: addChannelBody }, async ({ session, body }) =>
  jsonOk({ channel: toChannelRow(await addChannel(session.organizationId, body), 0) }, 201),
);
