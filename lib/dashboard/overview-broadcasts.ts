import "#server-only";
import { countsSql } from "@/lib/broadcasts/broadcast-json";
import { OVERVIEW_LIMITS, type OverviewBroadcastJson } from "@/lib/dashboard/overview-schemas";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

type Counts = {
  sent: number;
  delivered: number;
  read: number;
  replied: number;
  failed: number;
  skipped: number;
};

type Row = {
  id: string;
  name: string;
  status: OverviewBroadcastJson["status"];
  started_at: Date | null;
  created_at: Date;
  total: number;
  counts: Counts;
  top_code: string | null;
  top_message: string | null;
  top_count: number | null;
};

/**
 * The organization's latest broadcasts (newest first, through broadcasts(organization_id,
 * created_at, id)) with their counts (summed counter rows, as the Broadcasts page reads them) and
 * the code most of their failures carry, read from at most OVERVIEW_LIMITS.broadcastFailureSample
 * failed recipients each (broadcast_recipients(broadcast_id, status, seq)): a broadcast that
 * failed for 100,000 customers is not read whole for one line of the overview.
 */
export async function overviewBroadcasts(organizationId: string): Promise<OverviewBroadcastJson[]> {
  const rows = await db().$queryRaw<Row[]>(Prisma.sql`
    SELECT b.id::text AS id, b.name, b.status::text AS status, b.started_at, b.created_at, b.total,
           ${countsSql} AS counts, top.code AS top_code, top.message AS top_message, top.count AS top_count
    FROM (
      SELECT * FROM broadcasts WHERE organization_id = ${organizationId}::uuid
      ORDER BY created_at DESC, id DESC LIMIT ${OVERVIEW_LIMITS.broadcasts}
    ) b
    LEFT JOIN LATERAL (
      SELECT f.error_code AS code, min(f.error_message) AS message, count(*)::int AS count
      FROM (
        SELECT error_code, error_message FROM broadcast_recipients
        WHERE broadcast_id = b.id AND status = 'failed'
        LIMIT ${OVERVIEW_LIMITS.broadcastFailureSample}
      ) f
      GROUP BY f.error_code ORDER BY count(*) DESC, f.error_code LIMIT 1
    ) top ON true
    ORDER BY b.created_at DESC, b.id DESC`);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    status: r.status,
    started_at: r.started_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
    total: r.total,
    sent: Number(r.counts.sent),
    delivered: Number(r.counts.delivered),
    read: Number(r.counts.read),
    replied: Number(r.counts.replied),
    failed: Number(r.counts.failed),
    skipped: Number(r.counts.skipped),
    top_failure: r.top_count ? { code: r.top_code, message: r.top_message } : null,
  }));
}
