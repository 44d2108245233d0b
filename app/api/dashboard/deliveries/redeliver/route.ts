import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { bulkRedeliverBody } from "@/lib/webhooks/delivery-schemas";
import { redeliverFailed } from "@/lib/webhooks/redeliver-failed";

/** Bulk: every failed delivery of one webhook created in [since, until) is redelivered. */
export const POST = dashboardRoute({ roles: SUPPORT, body: bulkRedeliverBody }, async ({ session, body }) =>
  jsonOk(
    await redeliverFailed(session.organizationId, {
      webhookId: body.webhook_id,
      since: body.since,
      until: body.until,
    }),
  ),
);
