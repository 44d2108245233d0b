import "#server-only";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { isUuid } from "@/lib/ids/uuid";
import type { UpstreamStatus } from "@/lib/inbound/notification-schema";
import { recipientCountry } from "@/lib/inbound/recipient-country";
import { billableOf, statusPricing } from "@/lib/inbound/status-pricing";
import { applyUpstreamStatus } from "@/lib/messages/transitions/apply-upstream-status";
import type { ReadMessage, ReportedStatus } from "@/lib/messages/transitions/plan-upstream-status";

const KNOWN: Record<string, ReportedStatus> = {
  sent: "sent",
  delivered: "delivered",
  read: "read",
  failed: "failed",
};

/**
 * A status notification of an outbound Message: the message it is about, found by wamid, or by
 * biz_opaque_callback_data (our message id) when a worker died before it could store the wamid,
 * moved forward with its message.<status> (lib/messages/transitions/apply-upstream-status.ts).
 * Duplicates and late, out-of-order statuses change nothing. With `notificationId` (the stored
 * notification held this status alone) its processed mark goes in the status's own statement.
 * Answers the deliveries to enqueue and whether the notification was marked.
 */
export async function processStatus(
  status: UpstreamStatus,
  notificationId?: string,
): Promise<{ deliveryIds: string[]; marked: boolean }> {
  const none = { deliveryIds: [], marked: false };
  const next = KNOWN[status.status];
  if (!next) return none;
  const at = status.timestamp ? new Date(Number(status.timestamp) * 1000) : new Date();
  const opaque = status.biz_opaque_callback_data;

  // found before the write (applyUpstreamStatus decides from it): a status of no message of
  // ours costs no write, and lookups made together share a query
  const found = await findReported({ wamid: status.id, opaque: opaque && isUuid(opaque) ? opaque : null });
  if (!found) return none;

  const reported = statusPricing(status);
  const report = {
    next,
    at,
    wamid: status.id,
    pricing: reported && {
      reported,
      billable: billableOf(reported),
      country: recipientCountry(found.phone, status.recipient_id),
    },
    error: status.errors?.[0],
  };
  return applyUpstreamStatus(found, report, notificationId);
}

type Reference = { wamid: string; opaque: string | null };
type Reported = ReadMessage & { phone: string | null };

/**
 * The message a status is about: by wamid, else by biz_opaque_callback_data (our id); only the
 * columns a status reads, in one SQL query for the lookups made together.
 */
const findReported = groupCommit<Reference, Reported | null>(async (refs) => {
  const opaques = refs.flatMap((r) => (r.opaque ? [r.opaque] : []));
  const rows = await db().$queryRaw<(Reported & { direction: string })[]>`
    SELECT id, organization_id AS "organizationId", status, whatsapp_message_id AS "whatsappMessageId",
           conversation_id AS "conversationId", contact_id AS "contactId", channel_id AS "channelId",
           broadcast_id AS "broadcastId", sent_at AS "sentAt", delivered_at AS "deliveredAt", pricing, phone, direction
    FROM messages
    WHERE whatsapp_message_id = ANY (${refs.map((r) => r.wamid)}::text[])
       OR (id = ANY (${opaques}::uuid[]) AND direction = 'outbound')`;
  const byWamid = new Map(rows.flatMap((m) => (m.whatsappMessageId ? [[m.whatsappMessageId, m]] : [])));
  const byId = new Map(rows.filter((m) => m.direction === "outbound").map((m) => [m.id, m]));
  return refs.map((r) => byWamid.get(r.wamid) ?? (r.opaque ? byId.get(r.opaque) : undefined) ?? null);
});
