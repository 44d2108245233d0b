import "#server-only";
import { mergedValues } from "@/lib/contacts/merge-rules";
import type { Tx } from "@/lib/events/record-event";
import type { Contact, Prisma } from "@/lib/generated/prisma/client.ts";

export type MergeResult = {
  contact: Contact;
  /** the contact that no longer exists */
  absorbedId: string;
  /** consent and restriction changes of the surviving contact (contact.updated's `changes`) */
  changes: string[];
};

/**
 * Two contacts of one organization turned out to be one customer (known by business-scoped user
 * id, then sharing a number; a new user id already seen): they become one. The older contact
 * stays (its id is the one clients most likely hold); the other's conversations, messages,
 * broadcast recipients and tags move to it, and its identifiers and fields fill what the older one lacks (the older one's
 * custom field values win). Consent and restrictions (opt-out, block) keep their most protective
 * value whichever contact stays (lib/contacts/merge-rules.ts). The other contact is deleted. Runs
 * inside the caller's transaction, so a failure leaves both as they were.
 */
export async function mergeContacts(tx: Tx, a: Contact, b: Contact): Promise<MergeResult> {
  const [keep, absorb] = a.createdAt <= b.createdAt ? [a, b] : [b, a];
  await tx.$executeRaw`UPDATE conversations SET contact_id = ${keep.id}::uuid WHERE contact_id = ${absorb.id}::uuid`;
  await tx.$executeRaw`UPDATE messages SET contact_id = ${keep.id}::uuid WHERE contact_id = ${absorb.id}::uuid`;
  await tx.$executeRaw`
    INSERT INTO contact_tags (contact_id, tag_id)
    SELECT ${keep.id}::uuid, tag_id FROM contact_tags WHERE contact_id = ${absorb.id}::uuid
    ON CONFLICT DO NOTHING`;
  // otherwise set null by the delete: a broadcast's reply tracking follows the customer
  await tx.$executeRaw`UPDATE broadcast_recipients SET contact_id = ${keep.id}::uuid WHERE contact_id = ${absorb.id}::uuid`;
  // deleted first: its phone and user id are unique per organization
  await tx.contact.delete({ where: { id: absorb.id } });
  const { data, changes } = mergedValues(keep, absorb);
  const contact = await tx.contact.update({
    where: { id: keep.id },
    data: data as Prisma.ContactUncheckedUpdateInput,
  });
  return { contact, absorbedId: absorb.id, changes };
}
