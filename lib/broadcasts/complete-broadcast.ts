import "#server-only";
import { completeBroadcastRow, findBroadcastStatus } from "@/lib/broadcasts/repository/broadcasts";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";

/**
 * A running broadcast with no pending recipient left becomes `completed`, and
 * broadcast.completed `{ broadcastId, counts, timestamp }` is recorded in the same statement.
 * Answers whether the broadcast needs its driver no more (completed now or before, paused,
 * cancelled, gone); false while recipients are pending.
 */
export async function completeIfDone(organizationId: string, broadcastId: string): Promise<boolean> {
  const result = await completeBroadcastRow(organizationId, broadcastId, new Date());
  if ((result?.changed ?? 0) > 0) {
    await enqueueDeliveries(result?.delivery_ids ?? []);
    return true;
  }
  return (await findBroadcastStatus(organizationId, broadcastId)) !== "running";
}
