import { jsonOk } from "@/lib/api/respond";
import { toContactJson } from "@/lib/contacts/contact-json";
import { createContact } from "@/lib/contacts/create-contact";
import { createContactBody } from "@/lib/contacts/schemas";
import { contactListQuery } from "@/lib/dashboard/contact-list-query";
import { listContactsPage } from "@/lib/dashboard/list-contacts-page";
import { EVERYONE } from "@/lib/dashboard/roles";
import { dashboardRoute } from "@/lib/dashboard/route";

/** The contacts table: /v1's search and paging, plus a sort and a tag filter. */
export const GET = dashboardRoute(
  { roles: EVERYONE, query: contactListQuery },
  async ({ session, query }) => {
    const { contacts, total } = await listContactsPage(session.organizationId, query);
    return jsonOk({
      // beyond /v1's shape: the business-scoped user id of a customer who hides their number
      contacts: contacts.map((c) => ({ ...toContactJson(c), bsuid: c.bsuid })),
      page: query.page,
      per_page: query.per_page,
      total,
    });
  },
);

export const POST = dashboardRoute({ roles: EVERYONE, body: createContactBody }, async ({ session, body }) =>
  jsonOk({ contact: toContactJson(await createContact(session.organizationId, body)) }, 201),
);
