import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { unblockContact } from "@/lib/contacts/unblock-contact";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.unblockContact, async ({ session, params }) => ({
  contact: toContactJson(await unblockContact(session.organizationId, params.id)),
}));

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
