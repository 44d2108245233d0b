import "#server-only";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { applyIdentityChange } from "@/lib/inbound/apply-identity-change";
import { applyMessageChange } from "@/lib/inbound/apply-message-change";
import type { ChangeValue, InboundMessage } from "@/lib/inbound/notification-schema";
import { type InboundResult, processInboundMessage } from "@/lib/inbound/process-inbound-message";

/**
 * One item of a `messages` change: a system message (a new business-scoped user id or number),
 * an edit or revoke of an earlier message (coexistence numbers), or a customer's message.
 */
export async function processMessage(
  channel: Channel,
  message: InboundMessage,
  value: ChangeValue,
  /** the stored notification this message is the only item of: marked processed with it */
  notificationId?: string,
): Promise<InboundResult> {
  if (message.type === "system") {
    return { messageId: null, deliveryIds: await applyIdentityChange(channel, message) };
  }
  if (message.type === "edit" || message.type === "revoke") {
    return { messageId: null, deliveryIds: await applyMessageChange(channel.organizationId, message) };
  }
  return processInboundMessage(channel, message, value, notificationId);
}
