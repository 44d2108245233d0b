import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { failingWebhooks } from "@/lib/webhooks/failing-webhooks";
import { forRole, supportFailingWebhooks } from "@/lib/webhooks/support-view";

/**
 * Webhooks that need attention (disabled, or failing in the last 24 hours): owners, admins and
 * support (agents, who see each URL without query or user-info).
 */
export const GET = dashboardRoute({ roles: SUPPORT }, async ({ session }) =>
  jsonOk({
    webhooks: forRole(session.role, await failingWebhooks(session.organizationId), supportFailingWebhooks),
  }),
);
