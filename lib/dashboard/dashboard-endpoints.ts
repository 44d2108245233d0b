import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import {
  type DeveloperOverviewJson,
  type OverviewJson,
  overviewQuery,
} from "@/lib/dashboard/overview-schemas";

/**
 * The Overview page (app/api/dashboard/overview): what every staff member reads, and the
 * Developers section of owners and admins (webhook deliveries); its webhooks needing attention are
 * lib/webhooks'. Agents never ask for the Developers part, so their console shows no refusal.
 */
export const OVERVIEW_DASHBOARD = declareDashboardEndpoints({
  /** conversations waiting for a reply, recent broadcasts, messages per hour (24h) or day (7d) with failures by cause */
  getOverview: {
    method: "GET",
    path: "/api/dashboard/overview",
    roles: EVERYONE,
    query: overviewQuery,
    answer: answer<OverviewJson>(),
    status: 200,
  },
  /** webhook delivery outcomes per hour (24h) or day (7d), and how many webhooks exist */
  getDeveloperOverview: {
    method: "GET",
    path: "/api/dashboard/overview/developers",
    roles: MANAGERS,
    query: overviewQuery,
    answer: answer<DeveloperOverviewJson>(),
    status: 200,
  },
});
