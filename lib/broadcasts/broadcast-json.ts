import "#server-only";
import type { BroadcastCountsJson, BroadcastJson } from "@/lib/broadcasts/schemas";
import { type BroadcastPauseJson, broadcastPause } from "@/lib/events/broadcast-payloads";
import type { Broadcast } from "@/lib/generated/prisma/client.ts";

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
