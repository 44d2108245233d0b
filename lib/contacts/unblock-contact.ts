import "#server-only";
import { blockFailed, blockUsersCall, findContact, setBlocked } from "@/lib/contacts/block-users-call";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import { db } from "@/lib/db";

/** Unblocks the customer on every active channel (unblocking has no 24-hour rule). */
export async function unblockContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = await findContact(organizationId, contactId);
  if (!contact.blockedAt) return contact;
  const channels = await db().channel.findMany({ where: { organizationId, status: "active" } });
  for (const channel of channels) {
    const failure = await blockUsersCall(channel, contact, "DELETE");
    if (failure) throw blockFailed(failure, contact.id);
  }
  return setBlocked(organizationId, contact.id, null);
}
