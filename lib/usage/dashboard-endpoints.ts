import { answer, declareDashboardEndpoints, fileAnswer } from "@/lib/auth/dashboard-endpoint";
import { MANAGERS, OWNERS } from "@/lib/auth/roles";
import {
  type RateCardJson,
  rateCardBody,
  type UsageOverviewJson,
  usagePageQuery,
} from "@/lib/usage/usage-schemas";

/** The Usage page (app/api/dashboard/usage): owners and admins; the rate card is the owner's. */
export const USAGE_DASHBOARD = declareDashboardEndpoints({
  /** usage by day, category and channel over a range */
  getUsage: {
    method: "GET",
    path: "/api/dashboard/usage",
    roles: MANAGERS,
    query: usagePageQuery,
    answer: answer<{ usage: UsageOverviewJson }>(),
    status: 200,
  },
  /** the page's range as CSV: one line per day and pricing category */
  exportUsage: {
    method: "GET",
    path: "/api/dashboard/usage/export",
    roles: MANAGERS,
    query: usagePageQuery,
    answer: fileAnswer(),
    status: 200,
  },
  getRateCard: {
    method: "GET",
    path: "/api/dashboard/usage/rates",
    roles: MANAGERS,
    answer: answer<{ rate_card: RateCardJson }>(),
    status: 200,
  },
  /** the owner replaces the rate card (prices per category and country) */
  setRateCard: {
    method: "PUT",
    path: "/api/dashboard/usage/rates",
    roles: OWNERS,
    body: rateCardBody,
    answer: answer<{ rate_card: RateCardJson }>(),
    status: 200,
  },
});
