import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

/** "Send test event": one `webhook.test` delivery to this webhook only. */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: MANAGERS },
  async ({ session, params }) => jsonOk(await sendTestEvent(session.organizationId, params.id), 201),
);
