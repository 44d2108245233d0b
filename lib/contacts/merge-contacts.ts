import "#server-only";
import type { Tx } from "@/lib/events/record-event";
import type { Contact, Prisma } from "@/lib/generated/prisma/client.ts";

function later(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * Two contacts of one organization turned out to be one customer (known by business-scoped user
 * id, then sharing a number; a new user id already seen): they become one. The older contact
 * stays (its id is the one clients most likely hold); the other's conversations, messages and
 * tags move to it, and its identifiers and fields fill what the older one lacks (the older one's
 * custom field values win). The other contact is deleted. Runs inside the caller's transaction,
 * so a failure leaves both as they were.
 */
export async function mergeContacts(tx: Tx, a: Contact, b: Contact): Promise<Contact> {
  const [keep, absorb] = a.createdAt <= b.createdAt ? [a, b] : [b, a];
  await tx.$executeRaw`UPDATE conversations SET contact_id = ${keep.id}::uuid WHERE contact_id = ${absorb.id}::uuid`;
  await tx.$executeRaw`UPDATE messages SET contact_id = ${keep.id}::uuid WHERE contact_id = ${absorb.id}::uuid`;
  await tx.$executeRaw`
    INSERT INTO contact_tags (contact_id, tag_id)
    SELECT ${keep.id}::uuid, tag_id FROM contact_tags WHERE contact_id = ${absorb.id}::uuid
    ON CONFLICT DO NOTHING`;
  // deleted first: its phone and user id are unique per organization
  await tx.contact.delete({ where: { id: absorb.id } });
  const fields = {
    ...((absorb.customFields ?? {}) as Record<string, unknown>),
    ...((keep.customFields ?? {}) as Record<string, unknown>),
  };
  return tx.contact.update({
    where: { id: keep.id },
    data: {
      phone: keep.phone ?? absorb.phone,
      bsuid: keep.bsuid ?? absorb.bsuid,
      parentBsuid: keep.parentBsuid ?? absorb.parentBsuid,
      username: keep.username ?? absorb.username,
      name: keep.name ?? absorb.name,
      email: keep.email ?? absorb.email,
      profileName: keep.profileName ?? absorb.profileName,
      customFields: fields as Prisma.InputJsonValue,
      lastInboundAt: later(keep.lastInboundAt, absorb.lastInboundAt),
      blockedAt: keep.blockedAt ?? absorb.blockedAt,
    },
  });
}
