import "#server-only";
import { getContactWithTags } from "@/lib/contacts/repository/contacts";
import { recordEvent, type Tx } from "@/lib/events/record-event";

/**
 * `contact.updated` for a change made by the service itself (a new business-scoped user id, a
 * username, a merge, a block): the design's data (contactId, phone, name, email, tags, changes,
 * timestamp) plus the additive identity fields, and `mergedContactIds` when contacts became one.
 */
export async function recordContactUpdated(
  tx: Tx,
  organizationId: string,
  contactId: string,
  changes: string[],
  extra: { mergedContactIds?: string[] } = {},
): Promise<string[]> {
  const contact = await getContactWithTags(organizationId, contactId, tx);
  return recordEvent(tx, organizationId, "contact.updated", {
    contactId,
    phone: contact.phone,
    name: contact.name,
    email: contact.email,
    tags: contact.tags.map((t) => t.tag.name).sort(),
    bsuid: contact.bsuid,
    username: contact.username,
    blocked: contact.blockedAt !== null,
    marketingOptOut: contact.marketingOptOut,
    changes,
    ...(extra.mergedContactIds ? { mergedContactIds: extra.mergedContactIds } : {}),
    timestamp: contact.updatedAt.toISOString(),
  });
}
