import "#server-only";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { MAX_NOTIFICATION_DEPTH, sanitizeNotification } from "@/lib/inbound/sanitize-notification";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";

/**
 * Stores a verified upstream notification and queues its processing. The row is the truth:
 * if the enqueue fails, the sweeper finds unprocessed rows and queues them again.
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
  const id = randomUUID();
  await storeTogether({ id, payload: payload as Prisma.InputJsonValue, raw: bytes });
  try {
    await enqueue("upstream", { notificationId: id }, { jobId: id });
  } catch (err) {
    logger.warn({ err: String(err), notificationId: id }, "upstream enqueue failed; the sweeper will retry");
  }
  return id;
}

type NewNotification = { id: string; payload: Prisma.InputJsonValue; raw: Uint8Array<ArrayBuffer> };

/**
 * Notifications that arrive together are stored by one INSERT (group commit), written as SQL:
 * every acknowledgement runs it, and a model query would be compiled by Prisma's query compiler
 * each time.
 */
const storeTogether = groupCommit<NewNotification, void>(async (rows) => {
  const values = rows.map((r) => Prisma.sql`(${r.id}::uuid, ${JSON.stringify(r.payload)}::jsonb, ${r.raw})`);
  await db().$executeRaw`INSERT INTO upstream_notifications (id, payload, raw) VALUES ${Prisma.join(values)}`;
  return rows.map(() => undefined);
});
