import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { listTags } from "@/lib/contacts/list-tags";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONTACT_DASHBOARD.listTags, async ({ session, query }) => ({
  tags: await listTags(session.organizationId, query.q),
}));
