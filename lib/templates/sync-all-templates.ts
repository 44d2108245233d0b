import "#server-only";
import { db } from "@/lib/db";
import { SYNC_PRIORITY } from "@/lib/jobs/templates";
import { enqueue } from "@/lib/queues";

/**
 * Queues a periodic sync of each channel, once per 15-minute slot, behind every on-demand sync
 * (SYNC_PRIORITY): a new channel whose first sync waited behind the sweep listed no templates for
 * as long as the sweep took (the tests' own stack, ~500 channels, saw 333 sweep jobs waiting at once).
 */
export async function enqueuePeriodicSyncs(
  channels: { id: string; organizationId: string }[],
  now = Date.now(),
): Promise<void> {
  const slot = Math.floor(now / 900_000);
  for (const c of channels)
    await enqueue(
      "templates",
      { organizationId: c.organizationId, channelId: c.id },
      { jobId: `sync-${c.id}-${slot}`, priority: SYNC_PRIORITY.periodic },
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
