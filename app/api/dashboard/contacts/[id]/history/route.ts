import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { listContactHistory } from "@/lib/contacts/list-contact-history";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONTACT_DASHBOARD.contactHistory, async ({ session, params }) => ({
  changes: await listContactHistory(session.organizationId, params.id),
}));
