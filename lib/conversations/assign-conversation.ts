import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findConversation, updateConversation } from "@/lib/conversations/repository/conversations";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";
import { findUser } from "@/lib/users/repository";

/** Assigns a conversation to a staff member of the same organization (conversation.assigned). */
export async function assignConversation(organizationId: string, conversationId: string, assigneeId: string) {
  const { conversation, deliveryIds } = await db().$transaction(async (tx) => {
    const existing = await findConversation(organizationId, conversationId, tx);
    if (!existing) throw new ApiError("RESOURCE_NOT_FOUND", `No conversation ${conversationId}.`);
    const assignee = await findUser(organizationId, assigneeId, tx);
    if (!assignee) {
      throw new ApiError("VALIDATION_INVALID_FIELD", "The assignee is not a member of this organization.", {
        field: "assignee_id",
        hint: "choose a staff member of this organization",
      });
    }
    const now = new Date();
    const conversation = await updateConversation(
      organizationId,
      conversationId,
      { status: "assigned", assigneeId, assignedAt: now, resolvedAt: null, resolvedById: null },
      tx,
    );
    const deliveryIds = await recordEvent(tx, organizationId, "conversation.assigned", {
      conversationId,
      contactId: conversation.contactId,
      assigneeId,
      channelId: conversation.channelId,
      timestamp: now.toISOString(),
    });
    return { conversation, deliveryIds };
  });
  await enqueueDeliveries(deliveryIds);
  return conversation;
}
