import { toContactJson } from "@/lib/contacts/contact-json";
import { createContact } from "@/lib/contacts/create-contact";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { listContactsPage } from "@/lib/contacts/list-contacts-page";
import { dashboardEndpoint } from "@/lib/dashboard/route";

export const GET = dashboardEndpoint(CONTACT_DASHBOARD.listContacts, async ({ session, query }) => {
  const { contacts, total } = await listContactsPage(session.organizationId, query);
  return { contacts: contacts.map(toContactJson), page: query.page, per_page: query.per_page, total };
});

export const POST = dashboardEndpoint(CONTACT_DASHBOARD.createContact, async ({ session, body }) => ({
  contact: toContactJson(await createContact(session.organizationId, body)),
}));
