import "#server-only";
import { ApiError, isApiError } from "@/lib/api/errors";
import { consumeStaffLimit } from "@/lib/api/staff-limit";
import type { ConversationReadResult } from "@/lib/conversations/conversation-schemas";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { markMessageRead } from "@/lib/messages/mark-read";

/**
 * When the organization chose so (mark_read_on_open, off by default), staff opening a conversation
 * marks the customer's latest unread message read upstream; the Cloud API marks the earlier ones of
 * the thread with it. Opening a thread never fails because of it: an upstream refusal is reported,
 * not thrown. The upstream call counts as a dashboard send of the staff member (lib/api/staff-limit.ts:
 * 429 over the limit; the thread itself still opens, it is another request).
 */
export async function markConversationRead(
  staff: { userId: string; organizationId: string },
  conversationId: string,
): Promise<ConversationReadResult> {
  const { organizationId } = staff;
  const [org, conversation] = await Promise.all([
    db().organization.findUniqueOrThrow({ where: { id: organizationId }, select: { markReadOnOpen: true } }),
    db().conversation.findFirst({ where: { id: conversationId, organizationId }, select: { id: true } }),
  ]);
  if (!conversation) throw new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id" });
  if (!org.markReadOnOpen) return { marked: false, reason: "setting off" };
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
