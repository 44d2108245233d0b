import { jsonOk } from "@/lib/api/respond";
import { MANAGERS, OWNERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { getRateCard, rateCardBody, setRateCard } from "@/lib/usage/rate-card";

export const GET = dashboardRoute({ roles: MANAGERS }, async ({ session }) =>
  jsonOk({ rate_card: await getRateCard(session.organizationId) }),
);

/** The owner replaces the rate card (prices per category and country). */
export const PUT = dashboardRoute({ roles: OWNERS, body: rateCardBody }, async ({ session, body }) =>
  jsonOk({ rate_card: await setRateCard(session.organizationId, body) }),
);
