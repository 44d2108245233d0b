import "#server-only";
import { db } from "@/lib/db";
import { enqueue } from "@/lib/queues";

/** Every 15 minutes: one sync job per active channel. */
export async function syncAllTemplates(): Promise<{ channels: number }> {
  const channels = await db().channel.findMany({
    where: { status: "active" },
    select: { id: true, organizationId: true },
  });
  const slot = Math.floor(Date.now() / 900_000);
  for (const c of channels)
    await enqueue(
      "templates",
      { organizationId: c.organizationId, channelId: c.id },
      { jobId: `sync-${c.id}-${slot}` },
    );
  return { channels: channels.length };
}
