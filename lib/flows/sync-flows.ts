import "#server-only";
import { findChannel } from "@/lib/channels/repository";
import { toValidationErrors } from "@/lib/flows/flow-json";
import { listUpstreamFlows } from "@/lib/flows/graph-flows";
import { type FlowFields, listChannelFlows, storeSyncedFlows } from "@/lib/flows/repository";
import { logger } from "@/lib/logger";

/**
 * Copies the channel's WABA's Flows from Meta (GET /{waba_id}/flows, all pages) with the template
 * sync (worker/templates.ts: on channel creation, every 15 minutes, "sync now"): Flows made in
 * WhatsApp Manager appear, statuses Meta moved (THROTTLED, BLOCKED) land, and Flows gone upstream
 * (deleted drafts) leave. The Flow JSON is not downloaded: it stays what was uploaded through us.
 */
export async function syncFlows(
  organizationId: string,
  channelId: string,
): Promise<{ synced: number; removed: number; unreadable: number }> {
  const channel = await findChannel(organizationId, channelId);
  if (!channel) throw new Error(`no channel ${channelId} in organization ${organizationId}`);
  // a Flow created through us while the list was read is not in it: only older rows can be gone
  const listedAt = new Date();
  const { flows: seen, unreadable } = await listUpstreamFlows(channel);
  // a listed Flow of a shape we cannot read is kept as it is (never taken for one deleted upstream)
  if (unreadable.length > 0)
    logger.warn(
      { channelId, flows: unreadable.slice(0, 20) },
      "Flows of an unknown shape listed: kept unchanged",
    );
  const known = await listChannelFlows(organizationId, channelId);
  const byId = new Map(known.map((f) => [f.upstreamId, f]));
  const changed: { upstreamId: string; data: FlowFields }[] = [];
  const added: { upstreamId: string; data: FlowFields }[] = [];
  for (const f of seen) {
    const data = {
      name: f.name,
      categories: f.categories,
      status: f.status,
      validationErrors: toValidationErrors(
        f.validation_errors,
        (byId.get(f.id)?.flowJson ?? null) as Record<string, unknown> | null,
      ),
    };
    const before = byId.get(f.id);
    // unchanged rows keep their updated_at: it is the Flow's "last change"
    if (
      before &&
      stable({ ...before, upstreamId: null, flowJson: null }) ===
        stable({ ...data, upstreamId: null, flowJson: null })
    )
      continue;
    // what the list says is as old as the list: a Flow changed through us since it was read
    // (published, its Flow JSON fixed) keeps that change, and one created meanwhile stays ours
    (before ? changed : added).push({ upstreamId: f.id, data });
  }
  const listed = [...seen.map((f) => f.id), ...unreadable];
  const removed = await storeSyncedFlows(organizationId, channelId, { listedAt, listed, changed, added });
  return { synced: seen.length, removed, unreadable: unreadable.length };
}

/** JSON with sorted keys: PostgreSQL's jsonb keeps its own key order. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
