import { toContactJson } from "@/lib/contacts/contact-json";
import { createContact } from "@/lib/contacts/create-contact";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { listContacts } from "@/lib/contacts/list-contacts";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONTACT_DASHBOARD.listContacts, async ({ session, query }) => {
  const { page, per_page, search, tag, sort } = query;
  const { contacts, total } = await listContacts(session.organizationId, {
    page,
    perPage: per_page,
    search,
    tag,
    sort,
  });
  return { contacts: contacts.map(toContactJson), page, per_page, total };
});

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.createContact, async ({ session, body }) => ({
  contact: toContactJson(await createContact(session.organizationId, body)),
}));

export const { PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET", "POST"]);
