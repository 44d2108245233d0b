import "#server-only";
import { findContact } from "@/lib/contacts/block-users-call";
import type { ContactChangeJson } from "@/lib/contacts/contact-history-schemas";
import { db } from "@/lib/db";

/** The contact's history, newest first (the contact dialog shows it); 404 for another organization's. */
export async function listContactHistory(
  organizationId: string,
  contactId: string,
): Promise<ContactChangeJson[]> {
  await findContact(organizationId, contactId);
  const rows = await db().contactChange.findMany({
    where: { contactId, organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    include: { user: { select: { id: true, name: true, email: true } } },
  });
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
