import "#server-only";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";

/**
 * Asks the worker to drive a broadcast, now or at `at`. The job id is the broadcast's, so a
 * broadcast has one job at a time; an enqueue that fails loses nothing (the sweeper queues
 * running and due broadcasts again from PostgreSQL). The job carries the organization: the
 * driver reads and writes through the broadcasts repository, which takes it.
 */
export async function queueBroadcast(
  organizationId: string,
  broadcastId: string,
  at: Date | null = null,
): Promise<void> {
  const delay = at ? Math.max(0, at.getTime() - Date.now()) : 0;
  try {
    await enqueue("broadcasts", { broadcastId, organizationId }, { jobId: broadcastId, delay });
  } catch (err) {
    logger.warn({ broadcastId, err: String(err) }, "broadcast not queued; the sweeper will queue it");
  }
}
