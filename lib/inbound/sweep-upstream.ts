import "#server-only";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/queues";

/** Re-queues stored upstream notifications that were never processed (their job was lost). */
export async function sweepUpstream(): Promise<{ requeued: number }> {
  const rows = await db().upstreamNotification.findMany({
    where: { processedAt: null, receivedAt: { lt: new Date(Date.now() - 60_000) } },
    select: { id: true },
    orderBy: { receivedAt: "asc" },
    take: 1000,
  });
  const now = Date.now();
  for (const r of rows)
    await enqueue("upstream", { notificationId: r.id }, { jobId: `${r.id}-sweep-${now}` });
  return { requeued: rows.length };
}
