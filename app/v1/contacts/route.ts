import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toContactJson } from "@/lib/contacts/contact-json";
import { createContact } from "@/lib/contacts/create-contact";
import { CONTACT_ENDPOINTS } from "@/lib/contacts/endpoints";
import { listContacts } from "@/lib/contacts/list-contacts";

export const GET = apiRoute(CONTACT_ENDPOINTS.listContacts, async ({ org, query }) => {
  const { contacts, total } = await listContacts(org.id, {
    page: query.page,
    perPage: query.per_page,
    search: query.search,
  });
  return ok(contacts.map(toContactJson), pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute(CONTACT_ENDPOINTS.createContact, async ({ org, body }) => {
  const contact = await createContact(org.id, body);
  return created(toContactJson(contact));
});

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
