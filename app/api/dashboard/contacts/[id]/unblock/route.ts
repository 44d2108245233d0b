import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { unblockContact } from "@/lib/contacts/unblock-contact";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.unblockContact, async ({ session, params }) => ({
  contact: toContactJson(await unblockContact(session.organizationId, params.id)),
}));
