import "#server-only";
import { db } from "@/lib/db";
import type { Channel, Message } from "@/lib/generated/prisma/client.ts";

/**
 * The `messages` table, the API's reads of one message (docs/architecture.md "Repositories"):
 * every function takes the organization first and reads only that organization's rows, so another
 * organization's message id finds nothing, answered as an unknown one.
 */

/** One message of the organization (GET /v1/whatsapp/messages/{id}), or null. */
export function findMessageRow(organizationId: string, id: string): Promise<Message | null> {
  return db().message.findFirst({ where: { id, organizationId } });
}

/** One inbound message of the organization with the channel that received it (marking it read), or null. */
export function findInboundMessage(
  organizationId: string,
  id: string,
): Promise<(Message & { channel: Channel | null }) | null> {
  return db().message.findFirst({
    where: { id, organizationId, direction: "inbound" },
    include: { channel: true },
  });
}

/** The upstream id (wamid) of one message of the organization, or null for no such message. */
export function findMessageWamid(
  organizationId: string,
  id: string,
): Promise<{ whatsappMessageId: string | null } | null> {
  return db().message.findFirst({ where: { id, organizationId }, select: { whatsappMessageId: true } });
}
