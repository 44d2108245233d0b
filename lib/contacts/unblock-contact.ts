import "#server-only";
import { listActiveChannels } from "@/lib/channels/repository";
import { blockFailed, blockUsersCall, findContact, setBlocked } from "@/lib/contacts/block-users-call";
import type { ContactWithTags } from "@/lib/contacts/contact-json";

/** Unblocks the customer on every active channel (unblocking has no 24-hour rule). */
export async function unblockContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = await findContact(organizationId, contactId);
  if (!contact.blockedAt) return contact;
  const channels = await listActiveChannels(organizationId);
  for (const channel of channels) {
    const failure = await blockUsersCall(channel, contact, "DELETE");
    if (failure) throw blockFailed(failure, contact.id);
  }
  return setBlocked(organizationId, contact.id, null);
}
