import "#server-only";
import { isDeepStrictEqual } from "node:util";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { redactMessageEvents } from "@/lib/events/repository";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { mapInboundContent } from "@/lib/inbound/map-inbound-content";
import { type InboundMessage, inboundMessageSchema } from "@/lib/inbound/notification-schema";
import { getMessageRow, lockMessageByUpstreamId, updateMessageRow } from "@/lib/inbound/repository/messages";
import { withMediaId } from "@/lib/inbound/with-media-id";
import { logger } from "@/lib/logger";
import { forgetMedia } from "@/lib/media/forget-media";

/**
 * Coexistence numbers: an edit (`type: "edit"`, `edit.original_message_id` and the new
 * `edit.message`) or a revoke (`type: "revoke"`, `revoke.original_message_id`) of an earlier
 * message, by the customer (messages webhook) or by the business from the WhatsApp Business app
 * (smb_message_echoes). An edit keeps the original content and stores the new one beside it
 * (message.edited); a revoke marks the message deleted (message.deleted), after which its content
 * is shown and served nowhere: its media (row and stored file) goes, and the stored events that
 * carried its content are redacted (lib/events/repository.ts). Only a message of the channel's organization is touched; a change
 * repeated (the upstream retries) changes nothing and emits nothing.
 */
/** How long an edit or revoke of a message not stored (yet) is retried before it is ignored. */
const RETRY_UNKNOWN_FOR_MS = 2 * 60 * 1000;

export async function applyMessageChange(organizationId: string, message: InboundMessage): Promise<string[]> {
  const originalId = message.edit?.original_message_id ?? message.revoke?.original_message_id;
  if (!originalId) return [];
  const seconds = Number(message.timestamp);
  const at = Number.isFinite(seconds) ? new Date(Math.min(Date.now(), seconds * 1000)) : new Date();
  return db().$transaction(async (tx) => {
    const targetId = await lockMessageByUpstreamId(organizationId, originalId, tx);
    if (!targetId) {
      // the original may still be on its way (notifications are processed concurrently): a recent
      // change is retried by the upstream queue's backoff; an old one names a message we never had
      if (Date.now() - at.getTime() < RETRY_UNKNOWN_FOR_MS) {
        throw new Error(`${message.type} of ${originalId}, not stored yet: retried`);
      }
      logger.info({ originalId, type: message.type }, "edit or revoke of an unknown message ignored");
      return [];
    }
    const m = await getMessageRow(organizationId, targetId, tx);
    const base = {
      messageId: m.id,
      whatsappMessageId: m.whatsappMessageId,
      conversationId: m.conversationId,
      contactId: m.contactId,
      channelId: m.channelId,
      direction: m.direction,
      timestamp: at.toISOString(),
    };
    if (message.type === "revoke") {
      if (m.deletedAt) return [];
      await updateMessageRow(organizationId, m.id, { deletedAt: at }, tx);
      await redactMessageEvents(organizationId, m, at, tx);
      await forgetMedia(tx, organizationId, m.id);
      return recordEvent(tx, organizationId, "message.deleted", base);
    }
    if (m.deletedAt) return [];
    const edited = editedContent(message, m.id);
    if (!edited || isDeepStrictEqual(m.editedContent, edited.content)) return [];
    const edit = { editedContent: edited.content as Prisma.InputJsonValue, editedAt: at };
    await updateMessageRow(organizationId, m.id, edit, tx);
    return recordEvent(tx, organizationId, "message.edited", {
      ...base,
      contentType: edited.contentType,
      content: edited.content,
    });
  });
}

/** The new version, mapped like an inbound message (text, or a caption of media). */
function editedContent(message: InboundMessage, messageId: string) {
  const parsed = inboundMessageSchema.safeParse(
    withMediaId({ id: message.id, ...(message.edit?.message ?? {}) }),
  );
  if (!parsed.success) return null;
  const mapped = mapInboundContent(parsed.data, messageId);
  return mapped.contentType === "unsupported" ? null : mapped;
}
