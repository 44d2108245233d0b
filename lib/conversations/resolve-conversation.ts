import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findConversation, updateConversation } from "@/lib/conversations/repository/conversations";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { recordEvent } from "@/lib/events/record-event";

/**
 * Marks a conversation resolved (conversation.resolved). The contact's next message opens a
 * new conversation (design.md lifecycle).
 */
export async function resolveConversation(
  organizationId: string,
  conversationId: string,
  resolvedById: string | null,
) {
  const { conversation, deliveryIds } = await db().$transaction(async (tx) => {
    const existing = await findConversation(organizationId, conversationId, tx);
    if (!existing) throw new ApiError("RESOURCE_NOT_FOUND", `No conversation ${conversationId}.`);
    if (existing.status === "resolved") return { conversation: existing, deliveryIds: [] };
    const now = new Date();
    const conversation = await updateConversation(
      organizationId,
      conversationId,
      { status: "resolved", resolvedAt: now, resolvedById },
      tx,
    );
    const deliveryIds = await recordEvent(tx, organizationId, "conversation.resolved", {
      conversationId,
      contactId: conversation.contactId,
      channelId: conversation.channelId,
      resolvedBy: resolvedById,
      timestamp: now.toISOString(),
    });
    return { conversation, deliveryIds };
  });
  await enqueueDeliveries(deliveryIds);
  return conversation;
}
