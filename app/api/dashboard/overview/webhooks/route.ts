import { jsonOk } from "@/lib/api/respond";
import { failingWebhooks } from "@/lib/dashboard/failing-webhooks";
import { SUPPORT } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Webhooks that need attention (disabled, or failing in the last 24 hours): owners, admins and support (agents). */
export const GET = dashboardRoute({ roles: SUPPORT }, async ({ session }) =>
  jsonOk({ webhooks: await failingWebhooks(session.organizationId) }),
);
