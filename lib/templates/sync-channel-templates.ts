import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { getChannelOrThrow } from "@/lib/channels/get-channel";
import { SYNC_PRIORITY } from "@/lib/jobs/templates";
import { enqueue } from "@/lib/queues";

/** one manual sync per channel per window: repeated clicks share the job */
const WINDOW_MS = 5_000;

/**
 * "Sync templates now": queues the channel's template sync on the `templates` queue (the worker
 * runs lib/templates/sync-templates.ts and sets templatesSyncedAt), behind any channel's first
 * sync and ahead of the 15-minute sweep (SYNC_PRIORITY). Answers the channel's current
 * templatesSyncedAt, so the page can tell when the new one has landed.
 */
export async function syncChannelTemplates(
  organizationId: string,
  channelId: string,
): Promise<{ queued: true; templates_synced_at: string | null }> {
  const channel = await getChannelOrThrow(organizationId, channelId);
  if (channel.status !== "active") {
    const hint = "the channel is inactive; inactive channels are not synced";
    throw new ApiError("VALIDATION_INVALID_FIELD", `Cannot sync: ${hint}.`, { field: "status", hint });
  }
  const slot = Math.floor(Date.now() / WINDOW_MS);
  await enqueue(
    "templates",
    { organizationId, channelId: channel.id },
    { jobId: `sync-${channel.id}-now-${slot}`, priority: SYNC_PRIORITY.manual },
  );
  return { queued: true, templates_synced_at: channel.templatesSyncedAt?.toISOString() ?? null };
}
