import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import { phoneTakenOr } from "@/lib/contacts/phone-taken";
import type { CreateContactBody } from "@/lib/contacts/schemas";
import { setContactTags } from "@/lib/contacts/set-contact-tags";
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
      const row = await tx.contact.create({
        data: {
          organizationId,
          phone: input.phone,
          name: input.name ?? null,
          email: input.email ?? null,
          customFields: input.custom_fields ?? {},
        },
      });
      await setContactTags(tx, organizationId, row.id, input.tags ?? []);
      deliveryIds = await recordEvent(tx, organizationId, "contact.created", {
        contactId: row.id,
        phone: row.phone,
        name: row.name,
        email: row.email,
        channelId: null,
        timestamp: row.createdAt.toISOString(),
      });
      return tx.contact.findUniqueOrThrow({ where: { id: row.id }, include: contactInclude });
    });
    await enqueueDeliveries(deliveryIds);
    return contact;
  } catch (error) {
    throw phoneTakenOr(error, input.phone);
  }
}
