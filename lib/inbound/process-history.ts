import "#server-only";
import { randomUUID } from "node:crypto";
import { findOrCreateInboundContact } from "@/lib/contacts/find-or-create-inbound-contact";
import {
  findLatestConversationOfContact,
  insertConversation,
} from "@/lib/conversations/repository/conversations";
import { db } from "@/lib/db";
import type { Tx } from "@/lib/events/record-event";
import type { Channel, MessageStatus, Prisma } from "@/lib/generated/prisma/client.ts";
import { mapInboundContent } from "@/lib/inbound/map-inbound-content";
import {
  type HistoryChunk,
  historyChunkSchema,
  inboundMessageSchema,
} from "@/lib/inbound/notification-schema";
import {
  findChannelMessagesByUpstreamId,
  insertMessages,
  type NewMessage,
} from "@/lib/inbound/repository/messages";
import { withMediaId } from "@/lib/inbound/with-media-id";
import { logger } from "@/lib/logger";
import { insertMediaRows, type NewMedia } from "@/lib/media/repository";

/** history_context.status (the app's own ticks) → ours */
const STATUS: Record<string, MessageStatus> = {
  pending: "sent",
  server_ack: "sent",
  sent: "sent",
  delivery_ack: "delivered",
  delivered: "delivered",
  read: "read",
  played: "read",
  error: "failed",
  failed: "failed",
};

type Row = NewMessage & { id: string; whatsappMessageId: string };

/**
 * The `history` webhook: the WhatsApp Business app's past chats (up to 180 days) when a
 * coexistence number is connected, in phases and chunks. Each thread's messages are stored in a
 * conversation of the customer with their original times and statuses (`source: "history"`),
 * and nothing is announced: no event, no webhook delivery. Customers become contacts silently.
 * Idempotent on the upstream ids (a chunk sent twice stores nothing twice). A declined share
 * (`errors`) is logged. Media older than Meta's 14 days come without a file; the later webhook
 * that carries a media id adds it. Returns the media to copy.
 */
export async function processHistory(channel: Channel, raw: unknown): Promise<{ mediaIds: string[] }> {
  const parsed = historyChunkSchema.safeParse(raw);
  if (!parsed.success) return { mediaIds: [] };
  const chunk: HistoryChunk = parsed.data;
  if (chunk.errors?.length) {
    logger.info({ channelId: channel.id, errors: chunk.errors }, "history not shared by the business");
  }
  const mediaIds: string[] = [];
  for (const thread of chunk.threads) {
    mediaIds.push(
      ...(await storeThread(channel, thread.id, thread.context?.user_id ?? null, thread.messages)),
    );
  }
  return { mediaIds };
}

async function storeThread(
  channel: Channel,
  userDigits: string,
  userId: string | null,
  rawMessages: unknown[],
): Promise<string[]> {
  const phone = /^\+?\d{6,15}$/.test(userDigits) ? `+${userDigits.replace(/^\+/, "")}` : null;
  const bsuid = phone ? userId : (userId ?? userDigits);
  const messages = rawMessages.flatMap((m) => {
    const parsed = inboundMessageSchema.safeParse(withMediaId(m));
    return parsed.success ? [parsed.data] : [];
  });
  if (messages.length === 0 || (!phone && !bsuid)) return [];
  return db().$transaction(async (tx) => {
    const times = messages.map((m) => at(m.timestamp));
    const lastInbound = messages
      .filter((m) => isFromUser(m.from, userDigits))
      .reduce<Date | null>((a, m) => (a && a > at(m.timestamp) ? a : at(m.timestamp)), null);
    const { contact } = await findOrCreateInboundContact(
      tx,
      channel.organizationId,
      channel.id,
      { phone, bsuid, profileName: null },
      { inboundAt: lastInbound, silent: true },
    );
    const conversationId = await historyConversation(tx, channel, contact.id, times);
    const rows: Row[] = [];
    const media: (NewMedia & { id: string })[] = [];
    for (const m of messages) {
      const id = randomUUID();
      const mapped = mapInboundContent(m, id);
      const outbound = !isFromUser(m.from, userDigits);
      const status =
        STATUS[(m.history_context?.status ?? "").toLowerCase()] ?? (outbound ? "sent" : "delivered");
      const time = at(m.timestamp);
      rows.push({
        id,
        channelId: channel.id,
        contactId: contact.id,
        conversationId,
        direction: outbound ? "outbound" : "inbound",
        type: mapped.contentType,
        content: mapped.content as Prisma.InputJsonValue,
        status,
        phone,
        whatsappMessageId: m.id,
        source: "history",
        sentAt: outbound ? time : null,
        deliveredAt: status === "delivered" || status === "read" ? time : null,
        readAt: status === "read" ? time : null,
        createdAt: time,
      });
      if (mapped.media?.upstreamId) {
        media.push({
          id,
          upstreamId: mapped.media.upstreamId,
          mimeType: mapped.media.mimeType,
          filename: mapped.media.filename ?? null,
          sha256: mapped.media.sha256 ?? null,
        });
      }
    }
    await insertMessages(channel.organizationId, rows, tx);
    return addMedia(tx, channel, rows, media);
  });
}

/**
 * Media of the rows stored now, and media ids for messages stored earlier without one. Only this
 * channel's messages: a history chunk naming another organization's message id (upstream ids are
 * unique across organizations) must not attach a file to it.
 */
async function addMedia(
  tx: Tx,
  channel: Channel,
  rows: Row[],
  media: (NewMedia & { id: string })[],
): Promise<string[]> {
  if (media.length === 0) return [];
  const byOurId = new Map(rows.map((r) => [r.id, r.whatsappMessageId]));
  const stored = await findChannelMessagesByUpstreamId(
    channel.organizationId,
    channel.id,
    media.map((x) => byOurId.get(x.id) ?? ""),
    tx,
  );
  const storedByWamid = new Map(stored.map((s) => [s.whatsappMessageId, s]));
  const fresh = media.flatMap((x) => {
    const s = storedByWamid.get(byOurId.get(x.id) ?? "");
    return s && !s.media ? [{ ...x, id: s.id }] : [];
  });
  await insertMediaRows(channel.organizationId, fresh, tx);
  return fresh.map((x) => x.id);
}

/** The customer's latest conversation on this channel, or a resolved one spanning the history. */
async function historyConversation(tx: Tx, channel: Channel, contactId: string, times: Date[]) {
  const latest = await findLatestConversationOfContact(channel.organizationId, contactId, tx);
  if (latest) return latest.id;
  const first = new Date(Math.min(...times.map((t) => t.getTime())));
  const last = new Date(Math.max(...times.map((t) => t.getTime())));
  const created = await insertConversation(
    channel.organizationId,
    {
      contactId,
      channelId: channel.id,
      status: "resolved",
      openedAt: first,
      lastActivityAt: last,
      resolvedAt: last,
    },
    tx,
  );
  return created.id;
}

function isFromUser(from: string | undefined, userDigits: string): boolean {
  return from !== undefined && from.replace(/^\+/, "") === userDigits.replace(/^\+/, "");
}

function at(timestamp: string | undefined): Date {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) ? new Date(Math.min(Date.now(), seconds * 1000)) : new Date();
}
