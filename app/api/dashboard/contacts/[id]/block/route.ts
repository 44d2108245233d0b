import { blockContact } from "@/lib/contacts/block-contact";
import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.blockContact, async ({ session, params }) => ({
  contact: toContactJson(await blockContact(session.organizationId, params.id)),
}));

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
