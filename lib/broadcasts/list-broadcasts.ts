import "#server-only";
import { type Counts, countsSql, toBroadcastJson } from "@/lib/broadcasts/broadcast-json";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";
import { db } from "@/lib/db";

/** Newest first, like every list of the API; counts read with the page (one query per page). */
export async function listBroadcasts(
  organizationId: string,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ broadcasts: BroadcastJson[]; total: number }> {
  const where = { organizationId };
  const [rows, total] = await Promise.all([
    db().broadcast.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db().broadcast.count({ where }),
  ]);
  const ids = rows.map((r) => r.id);
  const counts = await db().$queryRaw<{ id: string; counts: Counts }[]>`
    SELECT b.id::text AS id, ${countsSql} AS counts FROM unnest(${ids}::uuid[]) AS b(id)`;
  const byId = new Map(counts.map((c) => [c.id, c.counts]));
  const none: Counts = {
    pending: 0,
    sent: 0,
    held: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    skipped: 0,
    replied: 0,
  };
  return { broadcasts: rows.map((r) => toBroadcastJson(r, byId.get(r.id) ?? none)), total };
}
