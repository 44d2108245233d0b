import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import { recordContactUpdated } from "@/lib/contacts/record-contact-updated";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import type { Channel, Contact } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";
import { logger } from "@/lib/logger";
import { graphRequest } from "@/lib/whatsapp/graph-client";
import { UpstreamError, type UpstreamFailure } from "@/lib/whatsapp/graph-error";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Blocks a customer on WhatsApp (Meta's block_users): on every active channel the customer wrote
 * to in the last 24 hours, the only ones Meta lets a business block from. Once one channel has
 * blocked them the contact is `blocked` (contact.updated, `changes: ["blocked"]`) and every send
 * to it is refused before any upstream call (WHATSAPP_RECIPIENT_BLOCKED). Blocking twice is a
 * no-op; a customer who has not written for 24 hours is WHATSAPP_SESSION_CLOSED.
 */
export async function blockContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = await findContact(organizationId, contactId);
  if (contact.blockedAt) return contact;
  const since = new Date(Date.now() - DAY_MS);
  const channels = await db().channel.findMany({
    where: {
      organizationId,
      status: "active",
      messages: { some: { contactId: contact.id, direction: "inbound", createdAt: { gt: since } } },
    },
  });
  if (channels.length === 0) {
    throw new ApiError(
      "WHATSAPP_SESSION_CLOSED",
      "WhatsApp lets a business block only customers who wrote to it in the last 24 hours.",
      { contactId: contact.id, hint: "block the customer when they write again" },
    );
  }
  const failures: UpstreamFailure[] = [];
  for (const channel of channels) {
    const failure = await blockUsersCall(channel, contact, "POST");
    if (failure) failures.push(failure);
  }
  if (failures.length === channels.length) throw blockFailed(failures[0], contact.id);
  if (failures.length > 0) logger.warn({ contactId, failures }, "blocked on some channels only");
  return setBlocked(organizationId, contact.id, new Date());
}

/** Unblocks the customer on every active channel (unblocking has no 24-hour rule). */
export async function unblockContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = await findContact(organizationId, contactId);
  if (!contact.blockedAt) return contact;
  const channels = await db().channel.findMany({ where: { organizationId, status: "active" } });
  for (const channel of channels) {
    const failure = await blockUsersCall(channel, contact, "DELETE");
    if (failure) throw blockFailed(failure, contact.id);
  }
  return setBlocked(organizationId, contact.id, null);
}

async function findContact(organizationId: string, contactId: string): Promise<ContactWithTags> {
  const contact = isUuid(contactId)
    ? await db().contact.findFirst({ where: { id: contactId, organizationId }, include: contactInclude })
    : null;
  if (!contact) throw new ApiError("RESOURCE_NOT_FOUND", "No such contact.", { field: "id" });
  return contact;
}

/** POST (block) or DELETE (unblock) `/{phone_number_id}/block_users` for one user: its number, else its user id. */
async function blockUsersCall(channel: Channel, contact: Contact, method: "POST" | "DELETE") {
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

function blockFailed(failure: UpstreamFailure | undefined, contactId: string): ApiError {
  const error =
    failure?.kind === "rejected" ? failure.error : { message: failure?.message ?? "upstream unreachable" };
  return new ApiError("WHATSAPP_SEND_FAILED", "WhatsApp refused to change the block; nothing changed here.", {
    error,
    contactId,
  });
}

async function setBlocked(organizationId: string, contactId: string, blockedAt: Date | null) {
  const deliveryIds = await db().$transaction(async (tx) => {
    await tx.contact.update({ where: { id: contactId }, data: { blockedAt } });
    return recordContactUpdated(tx, organizationId, contactId, ["blocked"]);
  });
  await enqueueDeliveries(deliveryIds);
  return db().contact.findUniqueOrThrow({ where: { id: contactId }, include: contactInclude });
}
