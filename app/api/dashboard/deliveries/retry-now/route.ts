import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { retryNowDashboardBody } from "@/lib/webhooks/delivery-schemas";
import { retryNow } from "@/lib/webhooks/retry-now";

/** Retry now: the retrying deliveries of one webhook (optionally created in [since, until)) are due at once. */
export const POST = dashboardRoute(
  { roles: SUPPORT, body: retryNowDashboardBody },
  async ({ session, body }) =>
    jsonOk(
      await retryNow(session.organizationId, {
        webhookId: body.webhook_id,
        since: body.since,
        until: body.until,
      }),
    ),
);
