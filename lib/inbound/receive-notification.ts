import "#server-only";
import { db, rawExecute } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { conversationKey, notificationIdFor } from "@/lib/inbound/notification-owner";
import { MAX_NOTIFICATION_DEPTH, sanitizeNotification } from "@/lib/inbound/sanitize-notification";
import { upstreamChannel } from "@/lib/inbound/upstream-channel";
import { WAKE_PAYLOAD_MAX } from "@/lib/inbound/wake-message";
import { logger } from "@/lib/logger";

/**
 * Stores a verified upstream notification and wakes a worker to process it: the statement that
 * stores it also NOTIFYs the workers listening (lib/inbound/listen-upstream.ts), with the payload
 * when it fits, delivered when it commits, so no queue round trip stands between the store and
 * the 200. The row is the truth: if no worker hears it (none listening, a listener reconnecting),
 * the sweeper finds the unprocessed row after a minute and queues it.
 *
 * The signed bytes are kept as they came (`raw`); the `payload` that gets mapped is the
 * parsed JSON with text jsonb refuses (U+0000, unpaired surrogates) replaced by U+FFFD, so
 * that such a notification is stored and acknowledged once instead of being retried for days.
 * One nested too deep to map is kept raw only, marked processed with the reason.
 */
export async function receiveNotification(raw: Buffer, parsed: unknown): Promise<string> {
  const payload = sanitizeNotification(parsed);
  const bytes = new Uint8Array(raw);
  if (payload === undefined) {
    const row = await db().upstreamNotification.create({
      data: {
        payload: {},
        raw: bytes,
        processedAt: new Date(),
        error: `not mapped: JSON nested deeper than ${MAX_NOTIFICATION_DEPTH} levels`,
      },
      select: { id: true },
    });
    logger.warn({ notificationId: row.id }, "upstream notification nested too deep; kept raw only");
    return row.id;
  }
  // the worker that claims it first is the one its conversation's id names (notification-owner.ts)
  const id = notificationIdFor(conversationKey(payload));
  await storeTogether({ id, payload: payload as Prisma.InputJsonValue, raw: bytes });
  return id;
}

type NewNotification = { id: string; payload: Prisma.InputJsonValue; raw: Uint8Array<ArrayBuffer> };

/**
 * Notifications that arrive together are stored by one INSERT (group commit), written as SQL:
 * every acknowledgement runs it, and a model query would be compiled by Prisma's query compiler
 * each time. The same statement NOTIFYs each of them, in the order they came (a worker processes
 * one conversation's in that order), with its payload when it fits (lib/inbound/wake-message.ts):
 * the worker that owns it then processes it without reading it back.
 */
const storeTogether = groupCommit<NewNotification, void>(async (rows) => {
  const channel = upstreamChannel();
  const values = rows.map(
    (r) => Prisma.sql`(${r.id}::uuid, ${JSON.stringify(r.payload)}::jsonb, ${r.raw}, ${channel})`,
  );
  // the subquery's ORDER BY (fenced by OFFSET 0) fixes the order the NOTIFYs are made in
  await rawExecute`
    WITH stored AS (
      INSERT INTO upstream_notifications (id, payload, raw, wake_channel) VALUES ${Prisma.join(values)}
      RETURNING id, payload
    )
    SELECT pg_notify(${channel}, w.message) FROM (
      SELECT CASE WHEN octet_length(b.body) <= ${WAKE_PAYLOAD_MAX} THEN s.id::text || ' ' || b.body
                  ELSE s.id::text END AS message
      FROM stored s
      JOIN unnest(${rows.map((r) => r.id)}::uuid[]) WITH ORDINALITY AS o(id, n) ON o.id = s.id
      CROSS JOIN LATERAL (SELECT s.payload::text AS body) b
      ORDER BY o.n OFFSET 0
    ) w`;
  return rows.map(() => undefined);
});
