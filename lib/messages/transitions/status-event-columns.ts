import { omitNull } from "@/lib/events/outbox-sql";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/** The fields every status event of an outbound message carries, from the `messages` row being changed. */
export function statusEventColumns(at: Date) {
  return {
    messageId: Prisma.sql`id`,
    whatsappMessageId: Prisma.sql`whatsapp_message_id`,
    conversationId: Prisma.sql`conversation_id`,
    contactId: Prisma.sql`contact_id`,
    channelId: Prisma.sql`channel_id`,
    timestamp: Prisma.sql`${at.toISOString()}::text`,
    // a broadcast's message names its broadcast; others carry no broadcastId at all
    broadcastId: omitNull(Prisma.sql`broadcast_id`),
  };
}
