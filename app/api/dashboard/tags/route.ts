import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { listTagNames } from "@/lib/contacts/repository/contacts";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

/** The organization's tags for the tag input's autocomplete: names starting with `q`. */
export const GET = dashboardEndpoint(CONTACT_DASHBOARD.listTags, async ({ session, query }) => ({
  tags: await listTagNames(session.organizationId, query.q, 20),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
