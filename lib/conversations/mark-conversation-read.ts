import "#server-only";
import { ApiError, isApiError } from "@/lib/api/errors";
import { consumeStaffLimit } from "@/lib/api/staff-limit";
import type {
  ConversationOpenedJson,
  ConversationReadResult,
} from "@/lib/conversations/conversation-schemas";
import { findConversation } from "@/lib/conversations/repository/conversations";
import { latestInboundMessage, markReadForStaff } from "@/lib/conversations/repository/inbox";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { markMessageRead } from "@/lib/messages/mark-read";

/**
 * Staff opened a conversation: it is read for them up to its newest customer message (their own
 * marker, never backwards: markReadForStaff), and, when the organization chose so
 * (mark_read_on_open, off by default), the customer's latest unread message is marked read
 * upstream; the Cloud API marks the earlier ones of the thread with it. Opening a thread never fails because of it: an upstream refusal is reported,
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
    findConversation(organizationId, conversationId),
  ]);
  if (!conversation) throw new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id" });
  const readUpTo = await markReadForStaff(organizationId, staff.userId, conversationId);
  return {
    ...(await markReadUpstream(staff, conversationId, org.markReadOnOpen)),
    read_up_to: readUpTo?.toISOString() ?? null,
  };
}

async function markReadUpstream(
  staff: { userId: string; organizationId: string },
  conversationId: string,
  enabled: boolean,
): Promise<ConversationReadResult> {
  const { organizationId } = staff;
  if (!enabled) return { marked: false, reason: "setting off" };
  const latest = await latestInboundMessage(organizationId, conversationId);
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
