import "#server-only";
import { rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { ReadMessage } from "@/lib/messages/transitions/plan-upstream-status";

/** The message a status needs: the columns its decision reads, and the recipient's phone. */
/** `responder`: "other" for a message of another responder (Meta's `standby` field), else "us". */
export type ReportedMessage = ReadMessage & { phone: string | null; responder: string };

/** The columns of `ReportedMessage`, of `messages m`, for every read of a message a status moves. */
export const REPORTED_COLUMNS = Prisma.sql`m.id, m.organization_id AS "organizationId", m.status,
  m.whatsapp_message_id AS "whatsappMessageId", m.conversation_id AS "conversationId", m.contact_id AS "contactId",
  m.channel_id AS "channelId", m.broadcast_id AS "broadcastId", m.sent_at AS "sentAt",
  m.delivered_at AS "deliveredAt", m.pricing, m.pacing, m.phone, m.responder`;

/**
 * The organization's message by id with only the columns a status reads (raw: no model query's
 * compile), as lib/inbound/process-status.ts reads it by reference: the re-read after another
 * status moved it.
 */
export async function findReportedMessage(
  organizationId: string,
  id: string,
): Promise<ReportedMessage | null> {
  const [row] = await rawQuery<ReportedMessage[]>`
    SELECT ${REPORTED_COLUMNS} FROM messages m
    WHERE m.id = ${id}::uuid AND m.organization_id = ${organizationId}::uuid`;
  return row ?? null;
}
