import { jsonOk } from "@/lib/api/respond";
import { bulkRedeliverBody } from "@/lib/dashboard/delivery-schemas";
import { redeliverFailed } from "@/lib/dashboard/redeliver-failed";
import { SUPPORT } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

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
