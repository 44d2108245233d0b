import type { Tx } from "@/lib/events/record-event";
import { recordEvent } from "@/lib/events/record-event";

export type InboundSender = { phone: string | null; bsuid: string | null; profileName: string | null };

/**
 * Finds the sender by phone or by business-scoped user id (users with usernames may arrive
 * without a number), creating the contact (and its contact.created event) when unknown.
 */
export async function findOrCreateInboundContact(
  tx: Tx,
  organizationId: string,
  channelId: string,
  sender: InboundSender,
  at: Date,
) {
  const byPhone = sender.phone
    ? await tx.contact.findUnique({
        where: { organizationId_phone: { organizationId, phone: sender.phone } },
      })
    : null;
  const byBsuid = sender.bsuid
    ? await tx.contact.findUnique({
        where: { organizationId_bsuid: { organizationId, bsuid: sender.bsuid } },
      })
    : null;
  const existing = byPhone ?? byBsuid;
  const deliveryIds: string[] = [];
  if (existing) {
    // an identifier already held by another contact stays where it is (no merge of two contacts)
    const bsuidFree = !byBsuid || byBsuid.id === existing.id;
    const phoneFree = !byPhone || byPhone.id === existing.id;
    const last = existing.lastInboundAt;
    const contact = await tx.contact.update({
      where: { id: existing.id },
      data: {
        // never backwards: a late-delivered older message does not move the window
        lastInboundAt: new Date(Math.max(last?.getTime() ?? 0, at.getTime())),
        profileName: sender.profileName ?? existing.profileName,
        bsuid: existing.bsuid ?? (bsuidFree ? sender.bsuid : null),
        phone: existing.phone ?? (phoneFree ? sender.phone : null),
      },
    });
    return { contact, deliveryIds };
  }
  const contact = await tx.contact.create({
    data: {
      organizationId,
      phone: sender.phone,
      bsuid: sender.bsuid,
      profileName: sender.profileName,
      name: sender.profileName,
      lastInboundAt: at,
    },
  });
  deliveryIds.push(
    ...(await recordEvent(tx, organizationId, "contact.created", {
      contactId: contact.id,
      phone: contact.phone,
      name: contact.name,
      email: contact.email,
      channelId,
      timestamp: contact.createdAt.toISOString(),
    })),
  );
  return { contact, deliveryIds };
}
