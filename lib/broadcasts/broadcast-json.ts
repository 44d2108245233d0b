import "#server-only";
import type { BroadcastCountsJson, BroadcastJson } from "@/lib/broadcasts/schemas";
import { type BroadcastPauseJson, broadcastPause } from "@/lib/events/broadcast-payloads";
import type { Broadcast } from "@/lib/generated/prisma/client.ts";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The counts of the broadcasts `b` (an alias in the caller's FROM), summed over their counter rows.
 * `held` (Meta's template pacing) is read from the messages themselves, through the partial index
 * of migration template_pacing (few are ever held): a held message is `sent` (accepted) for the
 * counters, and is taken out of `sent` here so that the counts still add up to `total`.
 */
export const countsSql = Prisma.sql`(SELECT json_build_object(
    'pending', coalesce(sum(k.pending), 0), 'sent', coalesce(sum(k.sent), 0) - h.held,
    'held', h.held,
    'delivered', coalesce(sum(k.delivered), 0), 'read', coalesce(sum(k.read), 0),
    'failed', coalesce(sum(k.failed), 0), 'skipped', coalesce(sum(k.skipped), 0),
    'replied', coalesce(sum(k.replied), 0))
  FROM (SELECT count(*)::int AS held FROM messages hm WHERE hm.broadcast_id = b.id AND hm.pacing IS NOT NULL) h
  LEFT JOIN broadcast_counters k ON k.broadcast_id = b.id
  GROUP BY h.held)`;

export type Counts = Omit<BroadcastCountsJson, "total">;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The stored `pause` (written by lib/broadcasts/pause-on-failures.ts), or null when absent or not its shape. */
function pauseOf(stored: unknown): BroadcastPauseJson | null {
  const parsed = broadcastPause.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

export function toBroadcastJson(b: Broadcast, counts: Counts): BroadcastJson {
  return {
    id: b.id,
    name: b.name,
    status: b.status,
    channelId: b.channelId,
    template: { name: b.templateName, language: b.templateLanguage },
    scheduledAt: iso(b.scheduledAt),
    startedAt: iso(b.startedAt),
    completedAt: iso(b.completedAt),
    createdAt: b.createdAt.toISOString(),
    counts: { total: b.total, ...counts },
    pause: pauseOf(b.pause),
  };
}
