import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";

/**
 * Deletes a contact of the organization; its tags links, conversations and messages go with it
 * (foreign keys cascade). No event is emitted: the contract has no `contact.deleted`, and
 * webhook consumers must not receive names the contract does not list.
 */
export async function deleteContact(organizationId: string, contactId: string): Promise<void> {
  const { count } = await db().contact.deleteMany({ where: { id: contactId, organizationId } });
  if (count === 0) throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
}
