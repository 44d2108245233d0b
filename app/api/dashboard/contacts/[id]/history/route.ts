import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { listContactHistory } from "@/lib/contacts/list-contact-history";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONTACT_DASHBOARD.contactHistory, async ({ session, params }) => ({
  changes: await listContactHistory(session.organizationId, params.id),
}));

export const { POST, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET"]);
