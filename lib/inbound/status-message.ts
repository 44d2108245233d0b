import "#server-only";
import { rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { UUID_PATTERN } from "@/lib/ids/uuid";
import { REPORTED_COLUMNS, type ReportedMessage } from "@/lib/messages/transitions/find-reported-message";

/**
 * The message a status notification is about, read before its organization is known (a listed
 * exception: scripts/lib/tenancy-list.ts, docs/security.md). A status names only a wamid (or our
 * message id, in biz_opaque_callback_data) and the number it came for (phone_number_id); the
 * message found through a channel of that number is what names the organization, and every write
 * after it (lib/messages/transitions/apply-upstream-status.ts) is scoped by the message's.
 * The channel of the number that is active now cannot stand for it: a status arrives hours
 * after its send, by when the channel may be inactive, or the number active in another
 * organization, whose channel would then name the wrong one. And the usual notification, one
 * status alone, reads its message in the very query that loads it by id, before any channel.
 * Only a message sent through a channel of the status's own number is ever found, so a status
 * signed for one organization's number moves nothing of another's.
 */

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
export const findStatusMessage = groupCommit<Reference, ReportedMessage | null>(async (refs) => {
  const opaques = refs.flatMap((r) => (r.opaque ? [r.opaque] : []));
  const rows = await rawQuery<(ReportedMessage & { direction: string; number: string })[]>`
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
 * it holds exactly one status, that status's reference and its message, chosen as findStatusMessage
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
