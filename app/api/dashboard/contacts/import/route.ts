import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { importContacts } from "@/lib/contacts/import-contacts";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.importContacts, async ({ session, body }) =>
  importContacts(session.organizationId, body.rows),
);
