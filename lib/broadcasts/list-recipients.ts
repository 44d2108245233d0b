import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { findBroadcastRow } from "@/lib/broadcasts/repository/broadcasts";
import { listRecipientRows, type RecipientRow } from "@/lib/broadcasts/repository/recipients";
import type { RecipientJson } from "@/lib/broadcasts/schemas";
import { UPSTREAM_ERROR_GUIDE } from "@/lib/cloud-api/upstream-error-guide";
import type { BroadcastRecipientStatus } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

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
  const broadcast = isUuid(broadcastId) ? await findBroadcastRow(organizationId, broadcastId) : null;
  if (!broadcast) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  return listRecipientRows(organizationId, broadcastId, q);
}
