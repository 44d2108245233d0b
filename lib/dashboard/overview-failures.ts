import "#server-only";
import { type FailureCauseJson, OVERVIEW_LIMITS, type OverviewQuery } from "@/lib/dashboard/overview-schemas";
import { bucketSeries } from "@/lib/dashboard/overview-series";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

type Row = {
  code: string | null;
  message: string | null;
  count: number;
  message_id: string | null;
  conversation_id: string | null;
  at: Date | null;
  name: string | null;
  phone: string | null;
  username: string | null;
  bsuid: string | null;
  broadcast_id: string | null;
  broadcast_name: string | null;
};

/**
 * The range's failed outbound messages grouped by code, most frequent first (at most
 * OVERVIEW_LIMITS.causes), each with its latest few messages so that a person opens the thread
 * (or the broadcast) where it happened. Both scans are of the index messages(organization_id,
 * created_at) over the range, like the overview's counts: the examples walk it newest first and
 * stop at the few they need.
 */
export async function overviewFailures(
  organizationId: string,
  query: OverviewQuery,
): Promise<FailureCauseJson[]> {
  const { ctes } = bucketSeries(query);
  const failed = Prisma.sql`organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
        AND direction = 'outbound' AND status = 'failed'`;
  const rows = await db().$queryRaw<Row[]>(Prisma.sql`
    WITH ${ctes},
    causes AS (
      SELECT error_code AS code, min(error_message) AS message, count(*)::int AS count
      FROM messages WHERE ${failed}
      GROUP BY error_code ORDER BY count(*) DESC, error_code LIMIT ${OVERVIEW_LIMITS.causes}
    )
    SELECT causes.code, causes.message, causes.count, ex.id::text AS message_id,
           ex.conversation_id::text AS conversation_id, ex.created_at AS at,
           c.name, c.phone, c.username, c.bsuid, b.id::text AS broadcast_id, b.name AS broadcast_name
    FROM causes
    LEFT JOIN LATERAL (
      SELECT id, conversation_id, contact_id, broadcast_id, created_at FROM messages
      WHERE ${failed} AND error_code IS NOT DISTINCT FROM causes.code
      ORDER BY created_at DESC LIMIT ${OVERVIEW_LIMITS.examples}
    ) ex ON true
    LEFT JOIN contacts c ON c.id = ex.contact_id AND c.organization_id = ${organizationId}::uuid
    LEFT JOIN broadcasts b ON b.id = ex.broadcast_id AND b.organization_id = ${organizationId}::uuid
    ORDER BY causes.count DESC, causes.code, ex.created_at DESC`);
  const causes = new Map<string, FailureCauseJson>();
  for (const r of rows) {
    const key = r.code ?? "";
    let cause = causes.get(key);
    if (!cause) {
      cause = { code: r.code, message: r.message, count: r.count, examples: [] };
      causes.set(key, cause);
    }
    if (r.message_id && r.at) {
      cause.examples.push({
        message_id: r.message_id,
        conversation_id: r.conversation_id,
        contact: { name: r.name, phone: r.phone, username: r.username, bsuid: r.bsuid },
        at: r.at.toISOString(),
        broadcast: r.broadcast_id && r.broadcast_name ? { id: r.broadcast_id, name: r.broadcast_name } : null,
      });
    }
  }
  return [...causes.values()];
}
