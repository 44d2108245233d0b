import "#server-only";
import { ApiError, isApiError } from "@/lib/api/errors";
import { consumeStaffLimit } from "@/lib/api/staff-limit";
import type {
  ConversationOpenedJson,
  ConversationReadResult,
} from "@/lib/conversations/conversation-schemas";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { markMessageRead } from "@/lib/messages/mark-read";

/**
 * The staff member has read the conversation up to its newest customer message (their own
 * marker: nobody else's unread changes). Never backwards; null when the customer never wrote.
 * Up to the newest message stored, not "now": a message the worker stores after this call, even
 * one received a moment before it, stays unread.
 */
async function markReadForStaff(organizationId: string, userId: string, conversationId: string) {
  const [row] = await db().$queryRaw<{ read_up_to: Date }[]>(Prisma.sql`
    INSERT INTO conversation_reads (conversation_id, user_id, organization_id, read_up_to, updated_at)
    SELECT c.id, ${userId}::uuid, c.organization_id, m.created_at, now()
    FROM conversations c
    CROSS JOIN LATERAL (
      SELECT created_at FROM messages
      WHERE conversation_id = c.id AND organization_id = c.organization_id AND direction = 'inbound'
      ORDER BY created_at DESC LIMIT 1
    ) m
    WHERE c.id = ${conversationId}::uuid AND c.organization_id = ${organizationId}::uuid
    ON CONFLICT (conversation_id, user_id) DO UPDATE
      SET read_up_to = GREATEST(conversation_reads.read_up_to, EXCLUDED.read_up_to), updated_at = now()
    RETURNING read_up_to`);
  return row?.read_up_to.toISOString() ?? null;
}

/**
 * Staff opened a conversation: it is read for them (markReadForStaff), and, when the organization chose so (mark_read_on_open, off by default), staff opening a conversation
 * marks the customer's latest unread message read upstream; the Cloud API marks the earlier ones of
 * the thread with it. Opening a thread never fails because of it: an upstream refusal is reported,
 * not thrown. The upstream call counts as a dashboard send of the staff member (lib/api/staff-limit.ts:
 * 429 over the limit; the thread itself still opens, it is another request).
 */
export async function markConversationRead(
  staff: { userId: string; organizationId: string },
  conversationId: string,
): Promise<ConversationOpenedJson> {
  const { organizationId } = staff;
  const [org, conversation] = await Promise.all([
    db().organization.findUniqueOrThrow({ where: { id: organizationId }, select: { markReadOnOpen: true } }),
    db().conversation.findFirst({ where: { id: conversationId, organizationId }, select: { id: true } }),
  ]);
  if (!conversation) throw new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id" });
  const readUpTo = await markReadForStaff(organizationId, staff.userId, conversationId);
  return { ...(await markReadUpstream(staff, conversationId, org.markReadOnOpen)), read_up_to: readUpTo };
}

async function markReadUpstream(
  staff: { userId: string; organizationId: string },
  conversationId: string,
  enabled: boolean,
): Promise<ConversationReadResult> {
  const { organizationId } = staff;
  if (!enabled) return { marked: false, reason: "setting off" };
  const latest = await db().message.findFirst({
    where: { organizationId, conversationId, direction: "inbound", whatsappMessageId: { not: null } },
    orderBy: { createdAt: "desc" },
    select: { id: true, readAt: true },
  });
  if (!latest || latest.readAt) return { marked: false, reason: "nothing unread" };
  await consumeStaffLimit("send", staff);
  try {
    await markMessageRead(organizationId, latest.id, false);
    return { marked: true, messageId: latest.id };
  } catch (error) {
    if (!isApiError(error)) throw error;
    logger.warn({ organizationId, messageId: latest.id, code: error.code }, "mark read on open refused");
    return { marked: false, reason: "upstream refused", message: error.message };
  }
}
