import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { syncChannelTemplates } from "@/lib/templates/sync-channel-templates";

/** "Sync templates now": queues the channel's template sync (202: the worker does it). */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: MANAGERS },
  async ({ session, params }) => jsonOk(await syncChannelTemplates(session.organizationId, params.id), 202),
);
