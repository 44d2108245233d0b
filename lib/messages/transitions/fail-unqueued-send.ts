import "#server-only";
import { rawQuery } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { eventDataSql, type OutboxResult } from "@/lib/events/outbox-sql";
import { withEventSql } from "@/lib/events/repository";
import { Prisma } from "@/lib/generated/prisma/client.ts";

export const NOT_QUEUED = {
  code: "queue_unavailable",
  message: "the send queue (Redis) was unavailable; nothing was sent",
} as const;

/**
 * A stored send whose job could not be queued fails at once (message.failed), so that the
 * client may simply retry: left `queued`, it would go out whenever Redis returns, perhaps long
 * after the client gave up or sent it again. False when a worker claimed it meanwhile (the
 * add reached Redis after all): then it is on its way and must not be failed.
 */
export async function failUnqueuedSend(organizationId: string, messageId: string): Promise<boolean> {
  const at = new Date();
  const [result] = await rawQuery<OutboxResult[]>(
    withEventSql(
      organizationId,
      Prisma.sql`UPDATE messages SET status = 'failed', failed_at = ${at}, updated_at = ${at},
          error_code = ${NOT_QUEUED.code}, error_message = ${NOT_QUEUED.message},
          error_details = ${JSON.stringify({ kind: "not-queued", message: NOT_QUEUED.message, maybeSent: false })}::jsonb
        WHERE id = ${messageId}::uuid AND organization_id = ${organizationId}::uuid AND status = 'queued'
        RETURNING organization_id, ${eventDataSql("message.failed", {
          messageId: Prisma.sql`id`,
          whatsappMessageId: Prisma.sql`whatsapp_message_id`,
          conversationId: Prisma.sql`conversation_id`,
          contactId: Prisma.sql`contact_id`,
          channelId: Prisma.sql`channel_id`,
          status: Prisma.sql`'failed'::text`,
          timestamp: Prisma.sql`${at.toISOString()}::text`,
          error: Prisma.sql`jsonb_build_object('code', ${NOT_QUEUED.code}::text, 'message', ${NOT_QUEUED.message}::text)`,
        })}`,
      "message.failed",
      at,
    ),
  );
  await enqueueDeliveries(result?.delivery_ids ?? []);
  return (result?.changed ?? 0) > 0;
}
