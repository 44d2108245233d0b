import { jsonOk } from "@/lib/api/respond";
import { toContactJson } from "@/lib/contacts/contact-json";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { createContactBody, listContactsQuery } from "@/lib/contacts/schemas";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The contacts table: the same search and paging as GET /v1/contacts (trigram index). */
export const GET = dashboardRoute(
  { roles: EVERYONE, query: listContactsQuery },
  async ({ session, query }) => {
    const { contacts, total } = await listContacts(session.organizationId, {
      page: query.page,
      perPage: query.per_page,
      search: query.search || undefined,
    });
    return jsonOk({
      contacts: contacts.map(toContactJson),
      page: query.page,
      per_page: query.per_page,
      total,
    });
  },
);

export const POST = dashboardRoute({ roles: EVERYONE, body: createContactBody }, async ({ session, body }) =>
  jsonOk({ contact: toContactJson(await createContact(session.organizationId, body)) }, 201),
);
