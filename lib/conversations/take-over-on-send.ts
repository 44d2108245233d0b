import "#server-only";
import { routingInUse } from "@/lib/channels/read-routing-roles";
import { changeConversationOwner, findMessageConversationId } from "@/lib/conversations/repository/owner";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import type { AfterSend, Takeover } from "@/lib/messages/send-message";

/**
 * A message we sent to a conversation another responder owned: WhatsApp gives the thread to the
 * escalation partner that sends a service message ("messaging_handovers webhook reference":
 * `control_taken` is triggered "implicitly by sending a Service message"), so once the upstream
 * accepted it the conversation is ours (`conversation.owner_changed`, reason `reply`). Answers what
 * it took, or null when the conversation was ours already.
 */
export async function takeOverOnSend(organizationId: string, messageId: string): Promise<Takeover | null> {
  const conversationId = await findMessageConversationId(organizationId, messageId);
  if (!conversationId) return null;
  const changed = await changeConversationOwner(organizationId, {
    conversationId,
    owner: { owner: "us", appId: null },
    reason: "reply",
    onlyFrom: "other",
  });
  await enqueueDeliveries(changed.deliveryIds);
  if (!changed.changed) return null;
  return {
    conversationId,
    previousOwner: { owner: "other", appId: changed.previous?.appId ?? null },
  };
}

/**
 * The sends' afterSend: only on a routed number (as its routing roles last said) or when the
 * caller knows the conversation is the other's (a confirmed dashboard reply), so a send
 * elsewhere pays no extra statement.
 */
export function takeOverAfterSend(ownedElsewhere = false): AfterSend {
  return async ({ organizationId, channel, messageId }) => {
    if (!ownedElsewhere && !routingInUse(channel)) return null;
    const takeover = await takeOverOnSend(organizationId, messageId);
    return takeover ? { takeover } : null;
  };
}
