import "#server-only";
import { findContact } from "@/lib/contacts/block-users-call";
import type { ContactChangeJson } from "@/lib/contacts/contact-history-schemas";
import { listContactChanges } from "@/lib/contacts/repository/contacts";

/** The contact's history, newest first (the contact dialog shows it); 404 for another organization's. */
export async function listContactHistory(
  organizationId: string,
  contactId: string,
): Promise<ContactChangeJson[]> {
  await findContact(organizationId, contactId);
  const rows = await listContactChanges(organizationId, contactId, 50);
  return rows.map((r) => ({
    id: r.id,
    field: r.field,
    value: r.value,
    source: r.source,
    reason: r.reason,
    user: r.user,
    at: r.createdAt.toISOString(),
  }));
}
