import { clearMarketingOptOut } from "@/lib/contacts/clear-marketing-opt-out";
import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(
  CONTACT_DASHBOARD.clearMarketingOptOut,
  async ({ session, params, body }) => ({
    contact: toContactJson(
      await clearMarketingOptOut(session.organizationId, params.id, session.userId, body.reason),
    ),
  }),
);

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
