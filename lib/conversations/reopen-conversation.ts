import "#server-only";
import { ApiError } from "@/lib/api/errors";
import {
  findConversation,
  findOtherOpenConversation,
  lockContactForConversation,
  updateConversation,
} from "@/lib/conversations/repository/conversations";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";

/**
 * A staff member takes back a resolve (conversation.reopened): the conversation is open again,
 * `assigned` when it kept an assignee, and its resolution is cleared. Its last activity does not
 * move (the inbox orders by messages), so the design.md lifecycle holds as for any open one.
 *
 * Refused (409) when the customer has since got another conversation that is not resolved: two
 * open conversations of one contact would split the thread. Like every path that opens one, the
 * contact row is written first, so a message opening a conversation meanwhile is serialized with
 * this (lib/messages/repository/outbound.ts). Reopening an open conversation changes nothing.
 */
export async function reopenConversation(organizationId: string, conversationId: string, staffId: string) {
  const { conversation, deliveryIds } = await db().$transaction(async (tx) => {
    const existing = await findConversation(organizationId, conversationId, tx);
    if (!existing) throw new ApiError("RESOURCE_NOT_FOUND", `No conversation ${conversationId}.`);
    if (existing.status !== "resolved") return { conversation: existing, deliveryIds: [] };
    await lockContactForConversation(organizationId, existing.contactId, tx);
    const other = await findOtherOpenConversation(organizationId, existing.contactId, existing.id, tx);
    if (other) {
      throw new ApiError(
        "RESOURCE_INVALID_STATE",
        "The customer has a newer open conversation: answer them there.",
        {
          field: "id",
          hint: `open conversation ${other.id}`,
        },
      );
    }
    const now = new Date();
    const status = existing.assigneeId ? "assigned" : "open";
    const conversation = await updateConversation(
      organizationId,
      conversationId,
      { status, resolvedAt: null, resolvedById: null },
      tx,
    );
    const deliveryIds = await recordEvent(tx, organizationId, "conversation.reopened", {
      conversationId,
      contactId: conversation.contactId,
      channelId: conversation.channelId,
      status,
      reopenedBy: staffId,
      timestamp: now.toISOString(),
    });
    return { conversation, deliveryIds };
  });
  await enqueueDeliveries(deliveryIds);
  return conversation;
}
