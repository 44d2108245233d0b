import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError, type UpstreamFailure } from "@/lib/cloud-api/graph-error";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import {
  findContactWithTags,
  getContactWithTags,
  setContactBlockedAt,
} from "@/lib/contacts/repository/contacts";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import type { Channel, Contact } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/** What blocking and unblocking share: the contact, Meta's block_users call, the change and its event. */

export async function findContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = isUuid(contactId) ? await findContactWithTags(organizationId, contactId) : null;
  if (!contact) throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
  return contact;
}

/** POST (block) or DELETE (unblock) `/{phone_number_id}/block_users` for one user: its number, else its user id. */
export async function blockUsersCall(channel: Channel, contact: Contact, method: "POST" | "DELETE") {
  const user = contact.phone ?? contact.bsuid;
  if (!user) return null;
  try {
    await graphRequest(channel, `${channel.phoneNumberId}/block_users`, {
      method,
      body: { messaging_product: "whatsapp", block_users: [{ user }] },
    });
    return null;
  } catch (error) {
    if (error instanceof UpstreamError) return error.failure;
    throw error;
  }
}

export function blockFailed(failure: UpstreamFailure | undefined, contactId: string): ApiError {
  const error =
    failure?.kind === "rejected" ? failure.error : { message: failure?.message ?? "upstream unreachable" };
  return new ApiError("WHATSAPP_SEND_FAILED", "WhatsApp refused to change the block; nothing changed here.", {
    error,
    contactId,
  });
}

export async function setBlocked(organizationId: string, contactId: string, blockedAt: Date | null) {
  const deliveryIds = await db().$transaction(async (tx) => {
    await setContactBlockedAt(organizationId, contactId, blockedAt, tx);
    return recordContactUpdated(tx, organizationId, contactId, ["blocked"]);
  });
  await enqueueDeliveries(deliveryIds);
  return getContactWithTags(organizationId, contactId);
}
