import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { jsonOk } from "@/lib/api/respond";
import { EVERYONE, MANAGERS } from "@/lib/auth/roles";
import { toContactJson } from "@/lib/contacts/contact-json";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { updateContact, updateContactBody } from "@/lib/contacts/update-contact";
import { dashboardRoute } from "@/lib/dashboard/route";

type Params = { id: string };

function contactId(params: Params): string {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
  return id.data;
}

/** Edit: agents too. Emits contact.updated with changes[] when something changed. */
export const PATCH = dashboardRoute<typeof updateContactBody, undefined, Params>(
  { roles: EVERYONE, body: updateContactBody },
  async ({ session, body, params }) => {
    const { contact, changes } = await updateContact(session.organizationId, contactId(params), body);
    return jsonOk({ contact: toContactJson(contact), changes });
  },
);

/** Delete: owners and admins (it also removes the contact's conversations and messages). */
export const DELETE = dashboardRoute<undefined, undefined, Params>(
  { roles: MANAGERS },
  async ({ session, params }) => {
    await deleteContact(session.organizationId, contactId(params));
    return jsonOk({ deleted: true });
  },
);
