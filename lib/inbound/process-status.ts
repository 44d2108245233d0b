import "#server-only";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { isUuid, UUID_PATTERN } from "@/lib/ids/uuid";
import type { UpstreamStatus } from "@/lib/inbound/notification-schema";
import { recipientCountry } from "@/lib/inbound/recipient-country";
import { billableOf, statusPricing } from "@/lib/inbound/status-pricing";
import { applyUpstreamStatus } from "@/lib/messages/transitions/apply-upstream-status";
import { REPORTED_COLUMNS, type ReportedMessage } from "@/lib/messages/transitions/find-reported-message";
import type { ReportedStatus } from "@/lib/messages/transitions/plan-upstream-status";

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
 * Only a message sent through a channel of the notification's number (`phoneNumberId`, the
 * change's metadata.phone_number_id) is ever found: biz_opaque_callback_data is whatever the
 * sender put there, and an organization that owns its WABA can send through the Graph API with
 * another organization's message id in it; Meta's signed status for that send names the
 * sender's number, so it moves nothing of ours in another organization (or on another number).
 * Duplicates and late, out-of-order statuses change nothing. With `notificationId` (the stored
 * notification held this status alone: soleItem, lib/inbound/sole-item.ts) its processed mark goes in the status's own statement.
 * `prefetched`: the message of the notification's sole status, read with the notification
 * (lib/inbound/process-notification.ts); used instead of a lookup when read by this status's reference.
 * Answers the deliveries to enqueue and whether the notification was marked.
 */
export async function processStatus(
  status: UpstreamStatus,
  phoneNumberId: string | undefined,
  notificationId?: string,
  prefetched?: PrefetchedMessage | null,
  /**
   * it came on Meta's `standby` field: a status of the other responder's message. It moves only
   * a message of the other responder (stored from a standby echo), never one of ours, whatever
   * its wamid or biz_opaque_callback_data say (lib/inbound/process-standby.ts).
   */
  standby = false,
): Promise<{ deliveryIds: string[]; marked: boolean }> {
  const none = { deliveryIds: [], marked: false };
  const next = KNOWN[status.status];
  if (!next || !phoneNumberId) return none;
  const at = status.timestamp ? new Date(Number(status.timestamp) * 1000) : new Date();
  const opaque = status.biz_opaque_callback_data;

  // found before the write (applyUpstreamStatus decides from it): a status of no message of
  // ours costs no write, and lookups made together share a query. Read with the notification
  // when it held this status alone, by the same rule: a miss there is no message of ours.
  // a uuid in any case names our message (RFC 9562: read case-insensitively); ours are lower case
  const ref = {
    wamid: status.id,
    opaque: opaque && isUuid(opaque) ? opaque.toLowerCase() : null,
    phoneNumberId,
  };
  const found =
    prefetched &&
    prefetched.ref.wamid === ref.wamid &&
    prefetched.ref.opaque === ref.opaque &&
    prefetched.ref.phoneNumberId === ref.phoneNumberId
      ? prefetched.message
      : await findReported(ref);
  if (!found) return none;
  if (standby && found.responder !== "other") return none;

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
  return applyUpstreamStatus(found.organizationId, found, report, notificationId);
}

/**
 * What a status names: its wamid, our message id when biz_opaque_callback_data is one, and the
 * number (phone_number_id) its notification came for.
 */
type Reference = { wamid: string; opaque: string | null; phoneNumberId: string };
/** The message of a notification's sole status, read with the notification, and the reference it was read by. */
export type PrefetchedMessage = { ref: Reference; message: ReportedMessage | null };

/**
 * The message a status is about: by wamid, else by biz_opaque_callback_data (our id), of a
 * channel of the status's number; only the columns a status reads, in one SQL query for the
 * lookups made together.
 */
const findReported = groupCommit<Reference, ReportedMessage | null>(async (refs) => {
  const opaques = refs.flatMap((r) => (r.opaque ? [r.opaque] : []));
  const rows = await db().$queryRaw<(ReportedMessage & { direction: string; number: string })[]>`
    SELECT ${REPORTED_COLUMNS}, m.direction, c.phone_number_id AS number
    FROM messages m JOIN channels c ON c.id = m.channel_id
    WHERE (m.whatsapp_message_id = ANY (${refs.map((r) => r.wamid)}::text[])
       OR (m.id = ANY (${opaques}::uuid[]) AND m.direction = 'outbound'))
      AND c.phone_number_id = ANY (${refs.map((r) => r.phoneNumberId)}::text[])`;
  const byWamid = new Map(rows.flatMap((m) => (m.whatsappMessageId ? [[m.whatsappMessageId, m]] : [])));
  const byId = new Map(rows.filter((m) => m.direction === "outbound").map((m) => [m.id, m]));
  return refs.map((r) => {
    const found = byWamid.get(r.wamid) ?? (r.opaque ? byId.get(r.opaque) : undefined);
    if (!found || found.number !== r.phoneNumberId) return null;
    const { direction: _direction, number: _number, ...message } = found;
    return message;
  });
});

/** A row of `soleStatusMessageSql`: every column null when the payload holds no sole status. */
export type SoleStatusRow = {
  statusWamid: string | null;
  statusOpaque: string | null;
  statusNumber: string | null;
} & (ReportedMessage | { [K in keyof ReportedMessage]: null });

/**
 * A LATERAL subquery of one row (`SoleStatusRow`) for a stored notification's `payload`: when
 * it holds exactly one status, that status's reference and its message, chosen as findReported
 * chooses (by wamid, else by the opaque id of an outbound message), so that the usual status
 * notification reads its message with its payload. Whether a notification holds one status
 * alone is decided by soleItem (lib/inbound/sole-item.ts); this condition, one status in its
 * `messages` changes whatever else they hold, is wider on purpose and holds whenever soleItem
 * answers "status" (a prefetched message is used only by the status read by its reference).
 */
export function soleStatusMessageSql(payload: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    SELECT s.wamid AS "statusWamid", s.opaque AS "statusOpaque", s.number AS "statusNumber", r.*
    FROM (
      SELECT st->>'id' AS wamid,
             CASE WHEN st->>'biz_opaque_callback_data' ~* ${UUID_PATTERN.source}
                  THEN lower(st->>'biz_opaque_callback_data') END AS opaque,
             -- the sole status's own change: the one change of field messages holding a status
             jsonb_path_query_first(${payload}, 'lax $.entry[*].changes[*] ? (@.field == "messages" && exists(@.value.statuses[*])).value.metadata.phone_number_id', '{}', true)#>>'{}' AS number
      FROM jsonb_path_query_array(${payload}, 'lax $.entry[*].changes[*] ? (@.field == "messages").value.statuses[*]', '{}', true) AS sts,
           LATERAL (SELECT sts->0 AS st) f
      WHERE jsonb_array_length(sts) = 1
    ) s
    LEFT JOIN LATERAL (
      SELECT ${REPORTED_COLUMNS} FROM messages m JOIN channels c ON c.id = m.channel_id
      WHERE (m.whatsapp_message_id = s.wamid OR (m.id = s.opaque::uuid AND m.direction = 'outbound'))
        AND c.phone_number_id = s.number
      ORDER BY m.whatsapp_message_id IS NOT DISTINCT FROM s.wamid DESC
      LIMIT 1
    ) r ON true
  )`;
}

/** The prefetched message of a `SoleStatusRow`, or null when the payload held no sole status. */
export function prefetchedOf({
  statusWamid,
  statusOpaque,
  statusNumber,
  ...message
}: SoleStatusRow): PrefetchedMessage | null {
  if (statusWamid === null || statusNumber === null) return null;
  return {
    ref: { wamid: statusWamid, opaque: statusOpaque, phoneNumberId: statusNumber },
    message: message.id === null ? null : message,
  };
}
