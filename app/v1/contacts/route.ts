import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toContactJson } from "@/lib/contacts/contact-json";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContactBody, listContactsQuery } from "@/lib/contacts/schemas";

export const GET = apiRoute({ scope: "contacts:read", query: listContactsQuery }, async ({ org, query }) => {
  const { contacts, total } = await listContacts(org.id, {
    page: query.page,
    perPage: query.per_page,
    search: query.search,
  });
  return ok(contacts.map(toContactJson), pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute({ scope: "contacts:write", body: createContactBody }, async ({ org, body }) => {
  const contact = await createContact(org.id, body);
  return created(toContactJson(contact));
});

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
