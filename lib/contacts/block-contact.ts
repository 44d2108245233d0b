import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { listChannelsWrittenToBy } from "@/lib/channels/repository";
import type { UpstreamFailure } from "@/lib/cloud-api/graph-error";
import { blockFailed, blockUsersCall, findContact, setBlocked } from "@/lib/contacts/block-users-call";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import { logger } from "@/lib/logger";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Blocks a customer on WhatsApp (Meta's block_users): on every active channel the customer wrote
 * to in the last 24 hours, the only ones Meta lets a business block from. Once one channel has
 * blocked them the contact is `blocked` (contact.updated, `changes: ["blocked"]`) and every send
 * to it is refused before any upstream call (WHATSAPP_RECIPIENT_BLOCKED). Blocking twice is a
 * no-op; a customer who has not written for 24 hours is WHATSAPP_SESSION_CLOSED.
 */
export async function blockContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = await findContact(organizationId, contactId);
  if (contact.blockedAt) return contact;
  const since = new Date(Date.now() - DAY_MS);
  const channels = await listChannelsWrittenToBy(organizationId, contact.id, since);
  if (channels.length === 0) {
    throw new ApiError(
      "WHATSAPP_SESSION_CLOSED",
      "WhatsApp lets a business block only customers who wrote to it in the last 24 hours.",
      { contactId: contact.id, hint: "block the customer when they write again" },
    );
  }
  const failures: UpstreamFailure[] = [];
  for (const channel of channels) {
    const failure = await blockUsersCall(channel, contact, "POST");
    if (failure) failures.push(failure);
  }
  if (failures.length === channels.length) throw blockFailed(failures[0], contact.id);
  if (failures.length > 0) logger.warn({ contactId, failures }, "blocked on some channels only");
  return setBlocked(organizationId, contact.id, new Date());
}
