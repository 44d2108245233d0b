import "#server-only";
import { mergeContacts } from "@/lib/contacts/merge-contacts";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import {
  findContactByBsuid,
  findContactByPhone,
  insertContact,
  updateContactReturning,
} from "@/lib/contacts/repository/contacts";
import type { Tx } from "@/lib/events/record-event";
import { recordEvent } from "@/lib/events/record-event";
import type { Contact } from "@/lib/generated/prisma/client.ts";

export type InboundSender = {
  phone: string | null;
  bsuid: string | null;
  profileName: string | null;
  /** the customer's username and parent business-scoped user id, when the upstream names them */
  username?: string | null;
  parentBsuid?: string | null;
};

export type InboundContactOptions = {
  /** when the customer wrote: moves the 24-hour window; null for what the business sent (echoes) */
  inboundAt: Date | null;
  /** synced history: no events at all */
  silent?: boolean;
};

type Identity = "phone" | "bsuid" | "username";

/**
 * Finds the customer by phone or by business-scoped user id (users with usernames may arrive
 * without a number), creating the contact (and its contact.created event) when unknown. When the
 * number and the user id name two different contacts, the customer was known twice (first by
 * user id, then sharing a number): the two become one (lib/contacts/merge-contacts.ts). A new
 * username, user id or number is kept and announced by contact.updated with `changes`.
 */
export async function findOrCreateInboundContact(
  tx: Tx,
  organizationId: string,
  channelId: string,
  sender: InboundSender,
  options: InboundContactOptions,
) {
  const byPhone = sender.phone ? await findContactByPhone(organizationId, sender.phone, tx) : null;
  const byBsuid = sender.bsuid ? await findContactByBsuid(organizationId, sender.bsuid, tx) : null;
  const deliveryIds: string[] = [];
  let existing: Contact | null = byPhone ?? byBsuid;
  // what the surviving contact was before this message: its changes are announced against it
  let before: Contact | null = existing;
  const mergedContactIds: string[] = [];
  const mergeChanges: string[] = [];
  if (byPhone && byBsuid && byPhone.id !== byBsuid.id) {
    const merged = await mergeContacts(tx, byPhone, byBsuid);
    existing = merged.contact;
    before = existing.id === byPhone.id ? byPhone : byBsuid;
    mergedContactIds.push(merged.absorbedId);
    mergeChanges.push(...merged.changes, "merged");
  }
  if (existing && before) {
    const contact = await refresh(tx, organizationId, existing, sender, options.inboundAt);
    const changes = [...new Set<string>([...identityChanges(before, contact), ...mergeChanges])];
    if (!options.silent && changes.length > 0) {
      deliveryIds.push(
        ...(await recordContactUpdated(
          tx,
          organizationId,
          contact.id,
          changes,
          mergedContactIds.length > 0 ? { mergedContactIds } : {},
        )),
      );
    }
    return { contact, deliveryIds };
  }
  const contact = await insertContact(
    organizationId,
    {
      phone: sender.phone,
      bsuid: sender.bsuid,
      parentBsuid: sender.parentBsuid ?? null,
      username: sender.username ?? null,
      profileName: sender.profileName,
      name: sender.profileName,
      lastInboundAt: options.inboundAt,
    },
    tx,
  );
  if (!options.silent) {
    deliveryIds.push(
      ...(await recordEvent(tx, organizationId, "contact.created", {
        contactId: contact.id,
        phone: contact.phone,
        name: contact.name,
        email: contact.email,
        bsuid: contact.bsuid,
        username: contact.username,
        channelId,
        timestamp: contact.createdAt.toISOString(),
      })),
    );
  }
  return { contact, deliveryIds };
}

function identityChanges(before: Contact, after: Contact): Identity[] {
  return (["phone", "bsuid", "username"] as const).filter((f) => before[f] !== after[f]);
}

async function refresh(
  tx: Tx,
  organizationId: string,
  existing: Contact,
  sender: InboundSender,
  inboundAt: Date | null,
) {
  const last = existing.lastInboundAt;
  return updateContactReturning(
    organizationId,
    existing.id,
    {
      // never backwards: a late-delivered older message does not move the window
      ...(inboundAt ? { lastInboundAt: new Date(Math.max(last?.getTime() ?? 0, inboundAt.getTime())) } : {}),
      profileName: sender.profileName ?? existing.profileName,
      // the identifiers found it (or are free: the other lookup found nothing), so they are its own now
      bsuid: sender.bsuid ?? existing.bsuid,
      phone: existing.phone ?? sender.phone,
      parentBsuid: sender.parentBsuid ?? existing.parentBsuid,
      username: sender.username ?? existing.username,
    },
    tx,
  );
}
