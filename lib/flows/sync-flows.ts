import "#server-only";
import { db } from "@/lib/db";
import { toValidationErrors } from "@/lib/flows/flow-json";
import { listUpstreamFlows } from "@/lib/flows/graph-flows";

/**
 * Copies the channel's WABA's Flows from Meta (GET /{waba_id}/flows, all pages) with the template
 * sync (worker/templates.ts: on channel creation, every 15 minutes, "sync now"): Flows made in
 * WhatsApp Manager appear, statuses Meta moved (THROTTLED, BLOCKED) land, and Flows gone upstream
 * (deleted drafts) leave. The Flow JSON is not downloaded: it stays what was uploaded through us.
 */
export async function syncFlows(channelId: string): Promise<{ synced: number; removed: number }> {
  const channel = await db().channel.findUniqueOrThrow({ where: { id: channelId } });
  // a Flow created through us while the list was read is not in it: only older rows can be gone
  const listedAt = new Date();
  const seen = await listUpstreamFlows(channel);
  const known = await db().flow.findMany({
    where: { channelId },
    select: {
      upstreamId: true,
      flowJson: true,
      name: true,
      categories: true,
      status: true,
      validationErrors: true,
    },
  });
  const byId = new Map(known.map((f) => [f.upstreamId, f]));
  return db().$transaction(async (tx) => {
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
      if (before) {
        await tx.flow.updateMany({
          where: { channelId, upstreamId: f.id, updatedAt: { lt: listedAt } },
          data,
        });
      } else {
        await tx.flow.createMany({
          data: [{ organizationId: channel.organizationId, channelId, upstreamId: f.id, ...data }],
          skipDuplicates: true,
        });
      }
    }
    const removed = await tx.flow.deleteMany({
      where: { channelId, upstreamId: { notIn: seen.map((f) => f.id) }, createdAt: { lt: listedAt } },
    });
    return { synced: seen.length, removed: removed.count };
  });
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
