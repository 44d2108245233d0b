import "#server-only";
import { changeConversationOwner, findMessageConversationId } from "@/lib/conversations/repository/owner";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import {
  type ChangeValue,
  echoMessageSchema,
  inboundMessageSchema,
  statusSchema,
} from "@/lib/inbound/notification-schema";
import { processEcho } from "@/lib/inbound/process-echo";
import { processInboundMessage } from "@/lib/inbound/process-inbound-message";
import { processMessage } from "@/lib/inbound/process-message";
import { processStatus } from "@/lib/inbound/process-status";

type Result = { deliveryIds: string[]; mediaIds: string[]; messages: number; statuses: number };

/**
 * Meta's `standby` webhook field: activity in a conversation another responder on the number
 * (e.g. Meta Business Agent) is handling, sent to us as the passive listener. Source: "Standby
 * webhooks" (updated 2026-08-04),
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/standby/
 * — customers' messages, message echoes (what the other responder sent) and the statuses of
 * those echoes.
 *
 * The page gives the purpose, not every key of the value; the product decided that the value
 * has the `messages` field's shape (`metadata`, `contacts`, `messages`, `statuses`) plus
 * `message_echoes` as `smb_message_echoes` carries them, and processes each item by the same
 * functions as those fields with the standby flag: a message is stored with responder "other"
 * and `message.inbound` says so; an echo is an outbound message of the other responder
 * (responder "other", no `source`); a status moves only a message of the other responder.
 * A customer's message on standby also shows the conversation is the other responder's now:
 * one of ours becomes theirs (`conversation.owner_changed`, reason `standby`).
 */
export async function processStandby(channel: Channel, value: ChangeValue): Promise<Result> {
  const result: Result = { deliveryIds: [], mediaIds: [], messages: 0, statuses: 0 };
  for (const raw of value.messages ?? []) {
    const message = inboundMessageSchema.safeParse(raw);
    if (!message.success) continue;
    const stored =
      message.data.type === "system" || message.data.type === "edit" || message.data.type === "revoke"
        ? await processMessage(channel, message.data, value)
        : await processInboundMessage(channel, message.data, value, undefined, true);
    result.deliveryIds.push(...stored.deliveryIds);
    if (stored.mediaId) result.mediaIds.push(stored.mediaId);
    if (stored.messageId) result.deliveryIds.push(...(await ownedByOther(channel, stored.messageId)));
    result.messages++;
  }
  for (const raw of value.message_echoes ?? []) {
    const echo = echoMessageSchema.safeParse(raw);
    if (!echo.success) continue;
    const stored = await processEcho(channel, echo.data, true);
    result.deliveryIds.push(...stored.deliveryIds);
    if (stored.mediaId) result.mediaIds.push(stored.mediaId);
    if (stored.messageId) result.deliveryIds.push(...(await ownedByOther(channel, stored.messageId)));
    result.messages++;
  }
  for (const raw of value.statuses ?? []) {
    const status = statusSchema.safeParse(raw);
    if (!status.success) continue;
    const moved = await processStatus(status.data, value.metadata?.phone_number_id, undefined, null, true);
    result.deliveryIds.push(...moved.deliveryIds);
    result.statuses++;
  }
  return result;
}

/** The conversation of a message stored from standby is the other responder's (if it was ours). */
async function ownedByOther(channel: Channel, messageId: string): Promise<string[]> {
  const conversationId = await findMessageConversationId(channel.organizationId, messageId);
  if (!conversationId) return [];
  const changed = await changeConversationOwner(channel.organizationId, {
    conversationId,
    owner: { owner: "other", appId: null },
    reason: "standby",
    onlyFrom: "us",
  });
  return changed.deliveryIds;
}
