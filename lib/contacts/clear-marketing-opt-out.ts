import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findContact } from "@/lib/contacts/block-users-call";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import {
  findContactRow,
  getContactWithTags,
  insertContactChange,
  updateContactRow,
} from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";

/**
 * An owner or admin clears a customer's marketing opt-out, saying why (e.g. "asked again by
 * phone, 2026-11-28"): the customer stopped the messages, so undoing it is kept in the
 * contact's history with who, when and the reason. Emits contact.updated (`changes:
 * ["marketing_opt_out"]`) as the other opt-out changes do; a contact not opted out is unchanged.
 */
export async function clearMarketingOptOut(
  organizationId: string,
  contactId: string,
  userId: string,
  reason: string,
): Promise<ContactWithTags> {
  await findContact(organizationId, contactId);
  let deliveryIds: string[] = [];
  const contact = await db().$transaction(async (tx) => {
    const before = await findContactRow(organizationId, contactId, tx);
    if (!before) throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
    if (before.marketingOptOut) {
      const at = new Date();
      await updateContactRow(
        organizationId,
        contactId,
        { marketingOptOut: false, marketingOptOutAt: at, marketingOptOutSource: null },
        tx,
      );
      await insertContactChange(
        organizationId,
        {
          contactId,
          userId,
          field: "marketing_opt_out",
          value: "false",
          source: "dashboard",
          reason,
          createdAt: at,
        },
        tx,
      );
      deliveryIds = await recordContactUpdated(tx, organizationId, contactId, ["marketing_opt_out"]);
    }
    return getContactWithTags(organizationId, contactId, tx);
  });
  await enqueueDeliveries(deliveryIds);
  return contact;
}
