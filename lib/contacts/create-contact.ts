import "#server-only";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import { phoneTakenOr } from "@/lib/contacts/phone-taken";
import { getContactWithTags, insertContact, setContactTags } from "@/lib/contacts/repository/contacts";
import type { CreateContactBody } from "@/lib/contacts/schemas";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";

/** Creates a contact and its `contact.created` event in one transaction. */
export async function createContact(
  organizationId: string,
  input: CreateContactBody,
): Promise<ContactWithTags> {
  let deliveryIds: string[] = [];
  try {
    const contact = await db().$transaction(async (tx) => {
      const row = await insertContact(
        organizationId,
        {
          phone: input.phone,
          name: input.name ?? null,
          email: input.email ?? null,
          customFields: input.custom_fields ?? {},
        },
        tx,
      );
      await setContactTags(organizationId, row.id, input.tags ?? [], tx);
      deliveryIds = await recordEvent(tx, organizationId, "contact.created", {
        contactId: row.id,
        phone: row.phone,
        name: row.name,
        email: row.email,
        channelId: null,
        timestamp: row.createdAt.toISOString(),
      });
      return getContactWithTags(organizationId, row.id, tx);
    });
    await enqueueDeliveries(deliveryIds);
    return contact;
  } catch (error) {
    throw phoneTakenOr(error, input.phone);
  }
}
