import { jsonOk } from "@/lib/api/respond";
import { EVERYONE } from "@/lib/auth/roles";
import { toContactJson } from "@/lib/contacts/contact-json";
import { contactListQuery } from "@/lib/contacts/contact-list-query";
import { createContact } from "@/lib/contacts/create-contact";
import { listContactsPage } from "@/lib/contacts/list-contacts-page";
import { createContactBody } from "@/lib/contacts/schemas";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The contacts table: /v1's search and paging, plus a sort and a tag filter. */
export const GET = dashboardRoute(
  { roles: EVERYONE, query: contactListQuery },
  async ({ session, query }) => {
    const { contacts, total } = await listContactsPage(session.organizationId, query);
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
