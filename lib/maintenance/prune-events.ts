import "#server-only";
import { db, rawExecute } from "@/lib/db";
import { eventRetentionCutoff } from "@/lib/events/list-events";

/** Events deleted a statement: short transactions, so a prune never holds locks for long. */
const BATCH = 5_000;

/**
 * EVENT_RETENTION_DAYS: events older than the retention period go, with their deliveries and
 * attempts (foreign keys cascade, through the deliveries(event_id) index), organization by
 * organization from the oldest end of events(organization_id, created_at DESC, id DESC), in
 * batches. A delivery still pending (a redelivery of an old event) keeps its event.
 */
export async function pruneEvents(now = Date.now()): Promise<number> {
  const cutoff = eventRetentionCutoff(now);
  const organizations = await db().organization.findMany({ select: { id: true } });
  let deleted = 0;
  for (const { id } of organizations) {
    for (;;) {
      const n = await rawExecute`
        DELETE FROM events WHERE id IN (
          SELECT e.id FROM events e
          WHERE e.organization_id = ${id}::uuid AND e.created_at < ${cutoff}
            AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
          ORDER BY e.created_at LIMIT ${BATCH})`;
      deleted += n;
      if (n < BATCH) break;
    }
  }
  return deleted;
}
