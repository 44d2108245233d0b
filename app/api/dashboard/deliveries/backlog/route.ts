import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { countBacklog } from "@/lib/webhooks/count-backlog";
import { backlogQuery } from "@/lib/webhooks/delivery-schemas";

/** How many deliveries of one webhook are retrying and how many failed, in a period. */
export const GET = dashboardRoute({ roles: SUPPORT, query: backlogQuery }, async ({ session, query }) =>
  jsonOk(
    await countBacklog(session.organizationId, {
      webhookId: query.webhook_id,
      since: query.since,
      until: query.until,
    }),
  ),
);
