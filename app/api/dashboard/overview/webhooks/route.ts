import { jsonOk } from "@/lib/api/respond";
import { SUPPORT } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { failingWebhooks } from "@/lib/webhooks/failing-webhooks";

/** Webhooks that need attention (disabled, or failing in the last 24 hours): owners, admins and support (agents). */
export const GET = dashboardRoute({ roles: SUPPORT }, async ({ session }) =>
  jsonOk({ webhooks: await failingWebhooks(session.organizationId) }),
);
