import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getUsageOverview } from "@/lib/usage/usage-overview";
import { usagePageQuery } from "@/lib/usage/usage-schemas";

/** The Usage page (owners and admins): usage by day, category and channel over a range. */
export const GET = dashboardRoute({ roles: MANAGERS, query: usagePageQuery }, async ({ session, query }) =>
  jsonOk({ usage: await getUsageOverview(session.organizationId, query) }),
);
