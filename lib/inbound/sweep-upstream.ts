import "#server-only";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/queues";

/**
 * Re-queues stored upstream notifications that were never processed (their job was lost). One
 * sweeper job a notification at a time (BullMQ's deduplication, until it completes or fails): in
 * a backlog (inbound processing behind by minutes) the same oldest thousand stay unprocessed,
 * and each minute's sweep added a thousand more jobs for them.
 */
export async function sweepUpstream(): Promise<{ requeued: number }> {
  const rows = await db().upstreamNotification.findMany({
    where: { processedAt: null, receivedAt: { lt: new Date(Date.now() - 60_000) } },
    select: { id: true },
    orderBy: { receivedAt: "asc" },
    take: 1000,
  });
  const now = Date.now();
  for (const r of rows)
    await enqueue(
      "upstream",
      { notificationId: r.id },
      { jobId: `${r.id}-sweep-${now}`, deduplication: { id: `${r.id}-sweep` } },
    );
  return { requeued: rows.length };
}
