import "#server-only";
import { isDeepStrictEqual } from "node:util";
import { ApiError } from "@/lib/api/errors";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import { phoneTakenOr } from "@/lib/contacts/phone-taken";
import {
  findContactWithTags,
  getContactWithTags,
  setContactTags,
  updateContactRow,
} from "@/lib/contacts/repository/contacts";
import type { UpdateContactBody } from "@/lib/contacts/schemas";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/** Field names as the contract spells them; `contact.updated` lists the changed ones in `changes`. */
type Field = "phone" | "name" | "email" | "tags" | "custom_fields";

function changedFields(before: ContactWithTags, input: UpdateContactBody): Field[] {
  const changes: Field[] = [];
  if (input.phone !== undefined && input.phone !== before.phone) changes.push("phone");
  if (input.name !== undefined && (input.name ?? null) !== before.name) changes.push("name");
  if (input.email !== undefined && (input.email ?? null) !== before.email) changes.push("email");
  const oldTags = before.tags.map((t) => t.tag.name).sort();
  if (input.tags !== undefined && !isDeepStrictEqual([...input.tags].sort(), oldTags)) changes.push("tags");
  if (input.custom_fields !== undefined && !isDeepStrictEqual(input.custom_fields, before.customFields)) {
    changes.push("custom_fields");
  }
  return changes;
}

function notFound(): ApiError {
  return new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
}

/**
 * Updates a contact of the organization. When something changed, `contact.updated` (with
 * `changes[]`) is written in the same transaction, and its deliveries enqueued after commit.
 * An update that changes nothing writes nothing and emits nothing.
 */
export async function updateContact(
  organizationId: string,
  contactId: string,
  input: UpdateContactBody,
): Promise<{ contact: ContactWithTags; changes: Field[] }> {
  let deliveryIds: string[] = [];
  try {
    const result = await db().$transaction(async (tx) => {
      const before = await findContactWithTags(organizationId, contactId, tx);
      if (!before) throw notFound();
      const changes = changedFields(before, input);
      if (changes.length === 0) return { contact: before, changes };
      await updateContactRow(
        organizationId,
        contactId,
        {
          ...(changes.includes("phone") ? { phone: input.phone } : {}),
          ...(changes.includes("name") ? { name: input.name ?? null } : {}),
          ...(changes.includes("email") ? { email: input.email ?? null } : {}),
          ...(changes.includes("custom_fields")
            ? { customFields: input.custom_fields as Prisma.InputJsonValue }
            : {}),
          // bumps updatedAt when only the tags changed
          updatedAt: new Date(),
        },
        tx,
      );
      if (changes.includes("tags")) await setContactTags(organizationId, contactId, input.tags ?? [], tx);
      const contact = await getContactWithTags(organizationId, contactId, tx);
      deliveryIds = await recordEvent(tx, organizationId, "contact.updated", {
        contactId,
        phone: contact.phone,
        name: contact.name,
        email: contact.email,
        tags: contact.tags.map((t) => t.tag.name).sort(),
        bsuid: contact.bsuid,
        username: contact.username,
        blocked: contact.blockedAt !== null,
        marketingOptOut: contact.marketingOptOut,
        changes,
        timestamp: contact.updatedAt.toISOString(),
      });
      return { contact, changes };
    });
    await enqueueDeliveries(deliveryIds);
    return result;
  } catch (error) {
    throw phoneTakenOr(error, input.phone);
  }
}
