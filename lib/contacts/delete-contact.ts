import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { deleteContactRow } from "@/lib/contacts/repository/contacts";

/**
 * Deletes a contact of the organization; its tags links, conversations and messages go with it
 * (foreign keys cascade). Its rows in broadcasts stay (a broadcast's counts do not change) but
 * lose what named the customer: the number and the placeholder values frozen for them (the
 * foreign key already lets go of the contact id), so neither the recipients list nor its export
 * shows a deleted customer's number. No event is emitted: the contract has no `contact.deleted`,
 * and webhook consumers must not receive names the contract does not list.
 */
export async function deleteContact(organizationId: string, contactId: string): Promise<void> {
  if (!(await deleteContactRow(organizationId, contactId)))
    throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
}
