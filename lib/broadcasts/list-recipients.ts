import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { RecipientJson } from "@/lib/broadcasts/schemas";
import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import { db } from "@/lib/db";
import { type BroadcastRecipientStatus, Prisma } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

export type RecipientRow = {
  contact_id: string | null;
  /** the contact's name now (the dashboard shows it; the API's recipient has no name) */
  name: string | null;
  phone: string | null;
  status: BroadcastRecipientStatus;
  message_id: string | null;
  conversation_id: string | null;
  whatsapp_message_id: string | null;
  error_code: string | null;
  error_message: string | null;
  skip_reason: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  read_at: Date | null;
  replied_at: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The upstream's code as a number when it is one (131049), else our own (`unconfirmed`); the guide's words. */
export function recipientError(code: string | null, message: string | null): RecipientJson["error"] {
  if (code === null) return null;
  const numeric = /^\d+$/.test(code) ? Number(code) : null;
  const guide = numeric === null ? undefined : UPSTREAM_ERROR_GUIDE[numeric];
  return { code: numeric ?? code, message: guide?.message ?? message ?? "failed" };
}

export function toRecipientJson(r: RecipientRow): RecipientJson {
  return {
    contactId: r.contact_id,
    to: r.phone,
    status: r.status,
    messageId: r.message_id,
    conversationId: r.conversation_id,
    whatsappMessageId: r.whatsapp_message_id,
    error: r.status === "failed" ? recipientError(r.error_code, r.error_message) : null,
    skipReason: r.skip_reason as RecipientJson["skipReason"],
    sentAt: iso(r.sent_at),
    deliveredAt: iso(r.delivered_at),
    readAt: iso(r.read_at),
    repliedAt: iso(r.replied_at),
  };
}

/** A page of a broadcast's recipients in send order, optionally of one status. */
export async function listRecipients(
  organizationId: string,
  broadcastId: string,
  q: { status?: BroadcastRecipientStatus; page: number; perPage: number },
): Promise<{ rows: RecipientRow[]; total: number }> {
  const broadcast = isUuid(broadcastId)
    ? await db().broadcast.findFirst({ where: { id: broadcastId, organizationId }, select: { id: true } })
    : null;
  if (!broadcast) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  const where = { broadcastId, ...(q.status ? { status: q.status } : {}) };
  const [rows, total] = await Promise.all([
    db().$queryRaw<RecipientRow[]>`
      SELECT r.contact_id::text, c.name, r.phone, r.status, r.message_id::text, m.conversation_id::text,
             m.whatsapp_message_id, r.error_code,
             r.error_message, r.skip_reason, r.sent_at, r.delivered_at, r.read_at, r.replied_at
      FROM broadcast_recipients r LEFT JOIN messages m ON m.id = r.message_id
        LEFT JOIN contacts c ON c.id = r.contact_id
      WHERE r.broadcast_id = ${broadcastId}::uuid
        ${q.status ? Prisma.sql`AND r.status = ${q.status}::"BroadcastRecipientStatus"` : Prisma.empty}
      ORDER BY r.seq LIMIT ${q.perPage} OFFSET ${(q.page - 1) * q.perPage}`,
    db().broadcastRecipient.count({ where }),
  ]);
  return { rows, total };
}
