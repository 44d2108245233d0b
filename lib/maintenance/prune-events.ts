import "#server-only";
import { db } from "@/lib/db";
import { eventRetentionCutoff } from "@/lib/events/list-events";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { deleteOldest, type Expired, PRUNE_BATCH } from "@/lib/maintenance/delete-oldest";

/**
 * One organization's events past `cutoff` that no pending delivery still needs, from the oldest
 * end of events(organization_id, created_at DESC, id DESC).
 */
export function expiredEventsOf(organizationId: string, cutoff: Date): Expired {
  return {
    table: "events",
    oldest: (batch) => Prisma.sql`SELECT t.id FROM events t
      WHERE t.organization_id = ${organizationId}::uuid AND t.created_at < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = t.id AND d.status = 'pending')
      ORDER BY t.created_at LIMIT ${batch}`,
  };
}

/**
 * EVENT_RETENTION_DAYS: events older than the retention period go, with their deliveries and
 * attempts (foreign keys cascade, through the deliveries(event_id) index), organization by
 * organization, in batches (lib/maintenance/delete-oldest.ts). A delivery still pending (a
 * redelivery of an old event) keeps its event.
 */
export async function pruneEvents(now = Date.now(), batch = PRUNE_BATCH): Promise<number> {
  const cutoff = eventRetentionCutoff(now);
  const organizations = await db().organization.findMany({ select: { id: true } });
  let deleted = 0;
  for (const { id } of organizations) deleted += await deleteOldest(expiredEventsOf(id, cutoff), batch);
  return deleted;
}
