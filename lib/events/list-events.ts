import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { EVENT_COUNT_CAP, type ListEventsQuery } from "@/lib/events/schemas";
import { type Event, Prisma } from "@/lib/generated/prisma/client.ts";

/** Events older than this are pruned (lib/maintenance/prune.ts) and never listed. */
export function eventRetentionCutoff(now = Date.now()): Date {
  return new Date(now - config().EVENT_RETENTION_DAYS * 86_400_000);
}

/** The condition `after` adds: strictly after a time, or after one event of this organization. */
async function afterCondition(organizationId: string, after: ListEventsQuery["after"]): Promise<Prisma.Sql> {
  if (!after) return Prisma.empty;
  if (after.kind === "time") return Prisma.sql`AND created_at > ${after.at}`;
  const anchor = await db().event.findFirst({
    where: { id: after.id, organizationId },
    select: { id: true, createdAt: true },
  });
  if (!anchor) {
    const hint = `no event ${after.id} (events are kept ${config().EVENT_RETENTION_DAYS} days): pass a date-time instead`;
    throw new ApiError("VALIDATION_INVALID_FIELD", `Invalid field after: ${hint}.`, { field: "after", hint });
  }
  return Prisma.sql`AND (created_at, id) > (${anchor.createdAt}, ${anchor.id}::uuid)`;
}

/**
 * The organization's events within the retention period, newest first. Both reads walk the
 * index events(organization_id, [name,] created_at DESC, id DESC) from the newest end, so a
 * page costs the same at 10 million events as at 10; `total` is counted up to EVENT_COUNT_CAP.
 */
export async function listEvents(
  organizationId: string,
  query: ListEventsQuery,
): Promise<{ events: Event[]; total: number; hasMore: boolean }> {
  const where = Prisma.sql`organization_id = ${organizationId}::uuid AND created_at >= ${eventRetentionCutoff()}
    ${query.type ? Prisma.sql`AND name = ${query.type}` : Prisma.empty}
    ${await afterCondition(organizationId, query.after)}`;
  const [rows, counted] = await Promise.all([
    db().$queryRaw<{ id: string; organization_id: string; name: string; data: unknown; created_at: Date }[]>`
      SELECT id, organization_id, name, data, created_at FROM events WHERE ${where}
      ORDER BY created_at DESC, id DESC
      LIMIT ${query.per_page + 1} OFFSET ${(query.page - 1) * query.per_page}`,
    db().$queryRaw<{ total: number }[]>`
      SELECT count(*)::int AS total FROM (SELECT 1 FROM events WHERE ${where} LIMIT ${EVENT_COUNT_CAP}) capped`,
  ]);
  const events = rows.slice(0, query.per_page).map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    name: r.name,
    data: r.data as Prisma.JsonValue,
    createdAt: r.created_at,
  }));
  return { events, total: counted[0]?.total ?? 0, hasMore: rows.length > query.per_page };
}
