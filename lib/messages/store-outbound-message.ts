import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findContactByPhone, insertContact } from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import { recipientBlocked } from "@/lib/messages/recipient-blocked";
import { insertOutboundMessage, type OutboundMessage } from "@/lib/messages/repository/outbound";
import { sessionClosed } from "@/lib/messages/session-window";

/**
 * Stores an outbound Message of the organization `queued`. The hot path (a known contact) is one
 * statement (lib/messages/repository/outbound.ts): it finds the contact, checks the 24-hour
 * window (templates need none), attaches the open conversation and inserts; concurrent sends
 * share that statement (group commit, each row judged on its own). A template to an unknown
 * number creates the contact first. A business-scoped user id is only ever learned from the
 * customer's own inbound message, so an unknown one (another organization's included) is never
 * created: it stays unknown.
 */
export async function storeOutboundMessage(organizationId: string, m: OutboundMessage): Promise<void> {
  const now = new Date();
  const isTemplate = m.type === "template";
  const row = await insertOutboundMessage(organizationId, { ...m, now });
  if (row.inserted) {
    await enqueueDeliveries(row.deliveryIds);
    return;
  }
  if (row.blocked && row.contactId) throw recipientBlocked(row.contactId);
  const field = m.to === null ? "recipient" : "to";
  if (row.contactId || !isTemplate) throw sessionClosed(field);
  if (m.to === null) throw unknownRecipient();
  await storeForNewContact(organizationId, { ...m, to: m.to }, now);
}

function unknownRecipient(): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", "No customer with this business-scoped user id wrote to you.", {
    field: "recipient",
    hint: "a recipient is the sender.bsuid of a message.received of this organization; otherwise send to the phone number (to)",
  });
}

/**
 * A template to a number no contact has: the contact is created (`contact.created`), then the
 * message is stored by the same statement as every other (its conversation opened there).
 */
async function storeForNewContact(
  organizationId: string,
  m: OutboundMessage & { to: string },
  now: Date,
): Promise<void> {
  const deliveryIds = await db().$transaction(async (tx) => {
    const existing = await findContactByPhone(organizationId, m.to, tx);
    const contact = existing ?? (await insertContact(organizationId, { phone: m.to }, tx));
    const ids = existing
      ? []
      : await recordEvent(tx, organizationId, "contact.created", {
          contactId: contact.id,
          phone: contact.phone,
          name: contact.name,
          email: contact.email,
          channelId: m.channelId,
          timestamp: contact.createdAt.toISOString(),
        });
    const row = await insertOutboundMessage(organizationId, { ...m, now }, tx);
    if (!row.inserted) {
      // created concurrently and blocked since: as the statement of a known contact answers
      if (row.blocked) throw recipientBlocked(contact.id);
      throw sessionClosed("to");
    }
    return [...ids, ...row.deliveryIds];
  });
  await enqueueDeliveries(deliveryIds);
}
