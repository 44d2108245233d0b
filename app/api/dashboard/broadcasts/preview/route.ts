import { BODY_LIMITS } from "@/lib/api/read-body";
import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { createBroadcastRequest } from "@/lib/broadcasts/create-request";
import { previewBroadcast } from "@/lib/broadcasts/preview-broadcast";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Before launching: how many will receive it, how many are skipped and why, and two real messages. */
export const POST = dashboardRoute(
  { roles: MANAGERS, body: createBroadcastRequest, maxBodyBytes: BODY_LIMITS.v1Broadcast },
  async ({ session, body }) => jsonOk({ preview: await previewBroadcast(session.organizationId, body) }),
);
