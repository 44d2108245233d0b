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
  const or = [
    ...(sender.phone ? [{ phone: sender.phone }] : []),
    ...(sender.bsuid ? [{ bsuid: sender.bsuid }] : []),
  ];
  const existing = or.length ? await tx.contact.findFirst({ where: { organizationId, OR: or } }) : null;
  const deliveryIds: string[] = [];
  if (existing) {
    const contact = await tx.contact.update({
      where: { id: existing.id },
      data: {
        lastInboundAt: at,
        profileName: sender.profileName ?? existing.profileName,
        bsuid: existing.bsuid ?? sender.bsuid,
        phone: existing.phone ?? sender.phone,
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
