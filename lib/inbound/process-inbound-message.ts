import "#server-only";
import { randomUUID } from "node:crypto";
import { markReplied } from "@/lib/broadcasts/mark-replied";
import { CHANNEL_TOUCH_EVERY_MS, channelTouchDue } from "@/lib/channels/channel-touch-due";
import { touchChannelIfDue } from "@/lib/channels/repository";
import { applyStopWord, stopWordCandidate } from "@/lib/contacts/apply-stop-word";
import { findOrCreateInboundContact } from "@/lib/contacts/find-or-create-inbound-contact";
import { keepContactReferral } from "@/lib/contacts/repository/contacts";
import { updateConversation } from "@/lib/conversations/repository/conversations";
import { touchConversation } from "@/lib/conversations/touch-conversation";
import { db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { recordEvent } from "@/lib/events/record-event";
import { mapReferral } from "@/lib/events/referral";
import type { Channel, Prisma } from "@/lib/generated/prisma/client.ts";
import { inboundSender } from "@/lib/inbound/inbound-sender";
import { mapInboundContent } from "@/lib/inbound/map-inbound-content";
import type { ChangeValue, InboundMessage } from "@/lib/inbound/notification-schema";
import { type AnsweredFlow, parseFlowResponse } from "@/lib/inbound/parse-flow-response";
import {
  closeFlowMessage,
  findFlowMessage,
  findMessageIdByUpstreamId,
  findStoredUpstreamId,
  insertMessage,
} from "@/lib/inbound/repository/messages";
import { storeOrdinaryInbound } from "@/lib/inbound/repository/ordinary-inbound";
import { insertMedia } from "@/lib/media/repository";
import { countFlowResponse } from "@/lib/metrics/record";

export type InboundResult = {
  messageId: string | null;
  deliveryIds: string[];
  mediaId?: string;
  /** the notification (its only item) was marked processed by the statement that stored it */
  marked?: boolean;
  /** what stored it: the one statement (repository/ordinary-inbound.ts) or the transaction; absent for a duplicate */
  path?: "statement" | "transaction";
};

/**
 * One inbound message: contact, conversation, Message, media reference and events all or
 * nothing: one statement in the ordinary case (lib/inbound/repository/ordinary-inbound.ts), else one
 * transaction. Idempotent on the upstream id: a notification delivered twice stores one message.
 */
export async function processInboundMessage(
  channel: Channel,
  message: InboundMessage,
  value: ChangeValue,
  /** the stored notification this message is the only item of: marked processed with it */
  notificationId?: string,
  /** it came on Meta's `standby` field: another responder owned the conversation (lib/inbound/process-standby.ts) */
  standby = false,
  /**
   * false: the transaction alone, never the one statement. The product always tries the statement
   * first; lib/inbound/inbound-paths.property.test.ts drives the same messages both ways on two
   * databases and compares every row and event they write.
   */
  ordinaryStatement = true,
): Promise<InboundResult> {
  // decided once: a retry after a rolled-back attempt still writes it
  const touchChannel = channelTouchDue(channel.id);
  for (let attempt = 1; ; attempt++) {
    try {
      return await storeInbound(
        channel,
        message,
        value,
        touchChannel,
        notificationId,
        standby,
        ordinaryStatement,
      );
    } catch (error) {
      // a concurrent twin stored the message, or created the same new contact first: look again
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

async function storeInbound(
  channel: Channel,
  message: InboundMessage,
  value: ChangeValue,
  touchChannel: boolean,
  notificationId: string | undefined,
  standby: boolean,
  ordinaryStatement: boolean,
): Promise<InboundResult> {
  const { sender, digits } = inboundSender(message, value);
  const receivedAt = new Date();
  // the window counts from when the customer wrote: a late-delivered message must not reopen it
  const sentSeconds = Number(message.timestamp);
  const writtenAt = Number.isFinite(sentSeconds)
    ? new Date(Math.min(receivedAt.getTime(), sentSeconds * 1000))
    : receivedAt;
  const organizationId = channel.organizationId;
  const messageId = randomUUID();
  const reacted = message.reaction?.message_id
    ? await findMessageIdByUpstreamId(organizationId, message.reaction.message_id)
    : null;
  // a completed Flow: the Flow message its token names, in this organization ONLY (a token of
  // another organization matches nothing here)
  const nfm = message.interactive?.nfm_reply;
  const flow = nfm ? parseFlowResponse(nfm.response_json) : null;
  const flowToken = flow && !flow.malformed ? flow.flowToken : null;
  const answered: AnsweredFlow | null = flowToken
    ? await findFlowMessage(organizationId, flowToken).then((m) =>
        m ? { messageId: m.id, broadcastId: m.broadcastId } : null,
      )
    : null;
  const mapped = mapInboundContent(message, messageId, reacted, answered);
  const text = message.type === "text" && message.text ? message.text.body : null;
  const referral = mapReferral(message.referral);

  // the ordinary case (a known customer, identifiers unchanged, or a new one) is one statement;
  // a message from an ad also writes the contact's first and latest referral, and a completed Flow
  // records flow.completed: the full path (its duplicate is found here, as the statement finds the others')
  const known =
    referral || flow || !ordinaryStatement
      ? await duplicateOrOther(organizationId, message.id)
      : await storeOrdinaryInbound(organizationId, {
          channelId: channel.id,
          messageId,
          whatsappMessageId: message.id,
          sender,
          digits,
          mapped,
          receivedAt,
          writtenAt,
          stopWordCandidate: text === null ? null : stopWordCandidate(text),
          touchChannel,
          notificationId: notificationId ?? null,
          standby,
        });
  if (known.outcome === "duplicate") {
    return { messageId: null, deliveryIds: [], marked: known.marked };
  }
  if (known.outcome === "stored") {
    return {
      messageId,
      deliveryIds: known.deliveryIds,
      mediaId: mapped.media ? messageId : undefined,
      marked: known.marked,
      path: "statement",
    };
  }

  const stored = await db().$transaction(async (tx) => {
    const { contact, deliveryIds } = await findOrCreateInboundContact(
      tx,
      organizationId,
      channel.id,
      sender,
      { inboundAt: writtenAt },
    );
    const { conversation, opened } = await touchConversation(tx, {
      organizationId,
      contactId: contact.id,
      channelId: channel.id,
      at: writtenAt,
      storedAt: receivedAt,
    });
    await insertMessage(
      organizationId,
      {
        id: messageId,
        channelId: channel.id,
        contactId: contact.id,
        conversationId: conversation.id,
        direction: "inbound",
        type: mapped.contentType,
        content: mapped.content as Prisma.InputJsonValue,
        status: "delivered",
        phone: sender.phone,
        whatsappMessageId: message.id,
        deliveredAt: receivedAt,
        createdAt: receivedAt,
        ...(standby ? { responder: "other", responderAppId: otherApp(conversation) } : {}),
        ...(referral ? { referral } : {}),
      },
      tx,
    );
    if (referral) {
      await keepContactReferral(organizationId, contact.id, { ...referral, at: writtenAt.toISOString() }, tx);
    }
    if (mapped.media) {
      const { upstreamId, mimeType, filename, sha256 } = mapped.media;
      const media = { upstreamId, mimeType, filename: filename ?? null, sha256: sha256 ?? null };
      await insertMedia(organizationId, { id: messageId, ...media }, tx);
    }
    if (touchChannel) {
      await touchChannelIfDue(organizationId, channel.id, receivedAt, CHANNEL_TOUCH_EVERY_MS, tx);
    }
    await markReplied(organizationId, contact.id, writtenAt, tx);
    if (text !== null) {
      deliveryIds.push(...(await applyStopWord(tx, organizationId, contact.id, text, writtenAt)));
    }
    if (opened) {
      deliveryIds.push(
        ...(await recordEvent(tx, organizationId, "conversation.opened", {
          conversationId: conversation.id,
          contactId: contact.id,
          channelId: channel.id,
          status: "open",
          timestamp: receivedAt.toISOString(),
        })),
      );
    }
    deliveryIds.push(
      ...(await recordEvent(tx, organizationId, "message.inbound", {
        messageId,
        whatsappMessageId: message.id,
        conversationId: conversation.id,
        contactId: contact.id,
        channel: "whatsapp",
        channelId: channel.id,
        direction: "inbound",
        contentType: mapped.contentType,
        status: "delivered",
        timestamp: receivedAt.toISOString(),
        content: mapped.content,
        sender: {
          phone: (digits ?? contact.phone)?.replace(/^\+/, "") ?? null,
          name: sender.profileName,
          bsuid: sender.bsuid ?? contact.bsuid,
          username: sender.username ?? contact.username,
        },
        ...(referral ? { referral } : {}),
        ...(standby ? { responder: "other" as const, responderAppId: otherApp(conversation) } : {}),
      })),
    );
    if (answered) {
      // the Flow message is answered: its token no longer opens the data endpoint (lib/flow-endpoint/flow-token-state.ts)
      await closeFlowMessage(organizationId, answered.messageId, receivedAt, tx);
    }
    if (flow && !flow.malformed) {
      deliveryIds.push(
        ...(await recordEvent(tx, organizationId, "flow.completed", {
          messageId,
          flowMessageId: answered?.messageId ?? null,
          broadcastId: answered?.broadcastId ?? null,
          conversationId: conversation.id,
          contactId: contact.id,
          channelId: channel.id,
          flowToken: flow.flowToken,
          fields: flow.fields,
          timestamp: receivedAt.toISOString(),
        })),
      );
    }
    // on `messages` the thread is ours (lib/inbound/repository/ordinary-inbound.ts says why)
    if (!standby && !opened && conversation.owner === "other") {
      await updateConversation(organizationId, conversation.id, { owner: "us", ownerAppId: null }, tx);
      deliveryIds.push(
        ...(await recordEvent(tx, organizationId, "conversation.owner_changed", {
          conversationId: conversation.id,
          contactId: contact.id,
          channelId: channel.id,
          previousOwner: { owner: "other", appId: conversation.ownerAppId },
          owner: { owner: "us", appId: null },
          reason: "messages",
          timestamp: receivedAt.toISOString(),
        })),
      );
    }
    return {
      messageId,
      deliveryIds,
      mediaId: mapped.media ? messageId : undefined,
      path: "transaction" as const,
    };
  });
  if (flow) countFlowResponse(flow.malformed ? "malformed" : answered ? "matched" : "unmatched");
  return stored;
}

/** A message stored by its upstream id (in any organization: the id is unique across them) is a duplicate. */
async function duplicateOrOther(organizationId: string, whatsappMessageId: string) {
  const seen = await findStoredUpstreamId(organizationId, whatsappMessageId);
  return seen ? ({ outcome: "duplicate", marked: false } as const) : ({ outcome: "other" } as const);
}

/** The other responder's app id a handover named for the conversation, if it is the other's. */
export function otherApp(conversation: { owner: string; ownerAppId: string | null }): string | null {
  return conversation.owner === "other" ? conversation.ownerAppId : null;
}
