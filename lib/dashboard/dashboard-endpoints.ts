import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE } from "@/lib/auth/roles";
import { type OverviewJson, overviewQuery } from "@/lib/dashboard/overview-schemas";

/** The overview page's charts (app/api/dashboard/overview); its failing-webhooks panel is lib/webhooks'. */
export const OVERVIEW_DASHBOARD = declareDashboardEndpoints({
  /** sends, inbound messages and delivery outcomes per hour (24h) or day (7d), in the viewer's zone */
  getOverview: {
    method: "GET",
    path: "/api/dashboard/overview",
    roles: EVERYONE,
    query: overviewQuery,
    answer: answer<OverviewJson>(),
    status: 200,
  },
});
