import "#server-only";
import { mergedValues } from "@/lib/contacts/merge-rules";
import { mergeContactRows } from "@/lib/contacts/repository/contacts";
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
  const { data, changes } = mergedValues(keep, absorb);
  // the kept contact's organization: an absorbed contact of another one would move nothing and fail
  const contact = await mergeContactRows(
    keep.organizationId,
    keep.id,
    absorb.id,
    data as Prisma.ContactUncheckedUpdateInput,
    tx,
  );
  return { contact, absorbedId: absorb.id, changes };
}
