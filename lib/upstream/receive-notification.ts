import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";

/**
 * Stores a verified upstream notification and queues its processing. The row is the truth:
 * if the enqueue fails, the sweeper finds unprocessed rows and queues them again.
 */
export async function receiveNotification(payload: unknown): Promise<string> {
  const row = await db().upstreamNotification.create({
    data: { payload: payload as Prisma.InputJsonValue },
    select: { id: true },
  });
  try {
    await enqueue("upstream", { notificationId: row.id }, { jobId: row.id });
  } catch (err) {
    logger.warn(
      { err: String(err), notificationId: row.id },
      "upstream enqueue failed; the sweeper will retry",
    );
  }
  return row.id;
}
