import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { findEventPlace, listEventRows } from "@/lib/events/repository";
import { EVENT_COUNT_CAP, type ListEventsQuery } from "@/lib/events/schemas";
import type { Event } from "@/lib/generated/prisma/client.ts";

/** Events older than this are pruned (lib/maintenance/prune.ts) and never listed. */
export function eventRetentionCutoff(now = Date.now()): Date {
  return new Date(now - config().EVENT_RETENTION_DAYS * 86_400_000);
}

/** Where `after` starts: strictly after a time, or after one event of this organization. */
async function afterPlace(
  organizationId: string,
  after: ListEventsQuery["after"],
): Promise<{ at: Date; id?: string } | undefined> {
  if (!after) return undefined;
  if (after.kind === "time") return { at: after.at };
  const anchor = await findEventPlace(organizationId, after.id);
  if (!anchor) {
    const hint = `no event ${after.id} (events are kept ${config().EVENT_RETENTION_DAYS} days): pass a date-time instead`;
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field after: ${hint}.`, { field: "after", hint });
  }
  return { at: anchor.createdAt, id: anchor.id };
}

/**
 * The organization's events within the retention period, newest first (a page costs the same at
 * 10 million events as at 10: lib/events/repository.ts); `total` is counted up to EVENT_COUNT_CAP.
 */
export async function listEvents(
  organizationId: string,
  query: ListEventsQuery,
): Promise<{ events: Event[]; total: number; hasMore: boolean }> {
  const { events, total } = await listEventRows(organizationId, {
    since: eventRetentionCutoff(),
    type: query.type,
    after: await afterPlace(organizationId, query.after),
    limit: query.per_page + 1,
    offset: (query.page - 1) * query.per_page,
    countCap: EVENT_COUNT_CAP,
  });
  return { events: events.slice(0, query.per_page), total, hasMore: events.length > query.per_page };
}
