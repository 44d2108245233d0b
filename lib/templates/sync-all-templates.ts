import "#server-only";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/queues";

/**
 * The periodic syncs' BullMQ priority. A job without one (a channel's first sync, a sync after a
 * new token) is taken before any job with one, so the sweep below, one job per active channel
 * every 15 minutes, never stands in front of a channel someone just connected: on a large
 * installation the sweep is thousands of jobs at the queue's concurrency of 2, and a new channel
 * whose first sync waited behind them listed no templates for minutes (the tests' own stack,
 * thousands of channels by the middle of a run, saw its channels' first syncs wait over 30 s).
 */
export const PERIODIC_SYNC_PRIORITY = 100;

/** Queues a periodic sync of each channel, once per 15-minute slot, behind every on-demand sync. */
export async function enqueuePeriodicSyncs(
  channels: { id: string; organizationId: string }[],
  now = Date.now(),
): Promise<void> {
  const slot = Math.floor(now / 900_000);
  for (const c of channels)
    await enqueue(
      "templates",
      { organizationId: c.organizationId, channelId: c.id },
      { jobId: `sync-${c.id}-${slot}`, priority: PERIODIC_SYNC_PRIORITY },
    );
}

/** Every 15 minutes: one sync job per active channel. */
export async function syncAllTemplates(): Promise<{ channels: number }> {
  const channels = await db().channel.findMany({
    where: { status: "active" },
    select: { id: true, organizationId: true },
  });
  await enqueuePeriodicSyncs(channels);
  return { channels: channels.length };
}
