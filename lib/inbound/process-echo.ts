import "#server-only";
import { randomUUID } from "node:crypto";
import { findOrCreateInboundContact } from "@/lib/contacts/find-or-create-inbound-contact";
import { touchConversation } from "@/lib/conversations/touch-conversation";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { recordEvent } from "@/lib/events/record-event";
import type { Channel, Prisma } from "@/lib/generated/prisma/client.ts";
import { applyMessageChange } from "@/lib/inbound/apply-message-change";
import { mapInboundContent } from "@/lib/inbound/map-inbound-content";
import type { EchoMessage } from "@/lib/inbound/notification-schema";
import { type InboundResult, otherApp } from "@/lib/inbound/process-inbound-message";
import { findStoredUpstreamId, insertMessage } from "@/lib/inbound/repository/messages";
import { insertMedia } from "@/lib/media/repository";

/**
 * smb_message_echoes: what staff sent from the WhatsApp Business app on a coexistence number.
 * It becomes an outbound message of the conversation (`source: "business_app"`, status `sent`)
 * and `message.sent` carries `source: "business_app"`. An echo does not open or extend the
 * customer's 24-hour window (only the customer's own messages do). Edits and revokes made in the
 * app arrive as echoes too. Idempotent on the upstream id.
 */
export async function processEcho(
  channel: Channel,
  echo: EchoMessage,
  /**
   * it came on Meta's `standby` field: the other responder on the number (e.g. Meta Business
   * Agent) sent it, not staff in the app: no `source`, responder "other" (lib/inbound/process-standby.ts)
   */
  standby = false,
): Promise<InboundResult> {
  if (echo.type === "edit" || echo.type === "revoke") {
    return { messageId: null, deliveryIds: await applyMessageChange(channel.organizationId, echo) };
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeEcho(channel, echo, standby);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

async function storeEcho(channel: Channel, echo: EchoMessage, standby: boolean): Promise<InboundResult> {
  const organizationId = channel.organizationId;
  // stored in any organization: the upstream's id is unique across them
  if (await findStoredUpstreamId(organizationId, echo.id)) return { messageId: null, deliveryIds: [] };
  const to = echo.to ? `+${echo.to.replace(/^\+/, "")}` : null;
  const bsuid = echo.to_user_id ?? null;
  if (!to && !bsuid) return { messageId: null, deliveryIds: [] };
  const now = new Date();
  const seconds = Number(echo.timestamp);
  const sentAt = Number.isFinite(seconds) ? new Date(Math.min(now.getTime(), seconds * 1000)) : now;
  const messageId = randomUUID();
  const mapped = mapInboundContent(echo, messageId);
  return db().$transaction(async (tx) => {
    const { contact, deliveryIds } = await findOrCreateInboundContact(
      tx,
      organizationId,
      channel.id,
      { phone: to, bsuid, parentBsuid: echo.to_parent_user_id ?? null, profileName: null },
      { inboundAt: null },
    );
    const { conversation, opened } = await touchConversation(tx, {
      organizationId,
      contactId: contact.id,
      channelId: channel.id,
      at: sentAt,
    });
    await insertMessage(
      organizationId,
      {
        id: messageId,
        channelId: channel.id,
        contactId: contact.id,
        conversationId: conversation.id,
        direction: "outbound",
        type: mapped.contentType,
        content: mapped.content as Prisma.InputJsonValue,
        status: "sent",
        phone: to,
        whatsappMessageId: echo.id,
        ...(standby
          ? { responder: "other", responderAppId: otherApp(conversation) }
          : { source: "business_app" }),
        sentAt,
        createdAt: sentAt,
      },
      tx,
    );
    if (mapped.media) {
      const { upstreamId, mimeType, filename, sha256 } = mapped.media;
      const media = { upstreamId, mimeType, filename: filename ?? null, sha256: sha256 ?? null };
      await insertMedia(organizationId, { id: messageId, ...media }, tx);
    }
    if (opened) {
      deliveryIds.push(
        ...(await recordEvent(tx, organizationId, "conversation.opened", {
          conversationId: conversation.id,
          contactId: contact.id,
          channelId: channel.id,
          status: "open",
          timestamp: now.toISOString(),
        })),
      );
    }
    deliveryIds.push(
      ...(await recordEvent(tx, organizationId, "message.sent", {
        messageId,
        whatsappMessageId: echo.id,
        conversationId: conversation.id,
        contactId: contact.id,
        channelId: channel.id,
        status: "sent",
        timestamp: sentAt.toISOString(),
        ...(standby
          ? { responder: "other" as const, responderAppId: otherApp(conversation) }
          : { source: "business_app" as const }),
        contentType: mapped.contentType,
        content: mapped.content,
      })),
    );
    return { messageId, deliveryIds, mediaId: mapped.media ? messageId : undefined };
  });
}
