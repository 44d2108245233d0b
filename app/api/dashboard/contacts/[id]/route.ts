import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { toContactJson } from "@/lib/contacts/contact-json";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { updateContact } from "@/lib/contacts/update-contact";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";

function contactId(params: { id: string }): string {
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
  return id.data;
}

export const PATCH = dashboardEndpoint(CONTACT_DASHBOARD.updateContact, async ({ session, body, params }) => {
  const { contact, changes } = await updateContact(session.organizationId, contactId(params), body);
  return { contact: toContactJson(contact), changes };
});

export const DELETE = dashboardEndpoint(CONTACT_DASHBOARD.deleteContact, async ({ session, params }) => {
  await deleteContact(session.organizationId, contactId(params));
  return { deleted: true } as const;
});

export const { GET, POST, PUT } = dashboardMethodNotAllowed(["PATCH", "DELETE"]);
