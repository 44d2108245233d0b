import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { overviewQuery } from "@/lib/dashboard/overview-schemas";
import { overviewStats } from "@/lib/dashboard/overview-stats";
import { dashboardRoute } from "@/lib/dashboard/route";

/** Sends, inbound messages and delivery outcomes per hour (24h) or day (7d), in the viewer's zone. */
export const GET = dashboardRoute({ roles: EVERYONE, query: overviewQuery }, async ({ session, query }) =>
  jsonOk(await overviewStats(session.organizationId, query)),
);
