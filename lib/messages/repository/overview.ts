import "#server-only";
import { rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `messages` table, the Overview's reads (docs/architecture.md "Repositories"): every function
 * takes the organization first and reads only that organization's rows. The status writes are
 * lib/messages/transitions/'s, the inbound writes lib/inbound/repository/'s.
 */

/** A series of buckets the caller builds (lib/dashboard/overview-series.ts). */
type Series = { ctes: Prisma.Sql; bucketOf: Prisma.Sql; startOf: Prisma.Sql };

export type MessageBucketRow = {
  start: Date;
  sent: number;
  send_failed: number;
  /** template pacing: held for a quality check */
  held: number;
  /** template pacing: paused with its template */
  paused: number;
  inbound: number;
  delivered: number;
  read: number;
};

/**
 * The organization's messages per bucket of the series (`ctes` defines `since` and `series`,
 * `bucketOf` a row's bucket, `startOf` a bucket's start), aggregated in PostgreSQL: a range scan
 * of the index messages(organization_id, created_at).
 */
export function countMessagesPerBucket(
  organizationId: string,
  { ctes, bucketOf, startOf }: Series,
): Promise<MessageBucketRow[]> {
  return rawQuery<MessageBucketRow[]>(Prisma.sql`
    WITH ${ctes},
    m AS (
      SELECT ${bucketOf} AS local,
             count(*) FILTER (WHERE direction = 'outbound')::int AS sent,
             count(*) FILTER (WHERE direction = 'outbound' AND status = 'failed')::int AS send_failed,
             count(*) FILTER (WHERE direction = 'outbound' AND pacing = 'held')::int AS held,
             count(*) FILTER (WHERE direction = 'outbound' AND pacing = 'paused')::int AS paused,
             count(*) FILTER (WHERE direction = 'outbound' AND status IN ('delivered', 'read'))::int AS delivered,
             count(*) FILTER (WHERE direction = 'outbound' AND status = 'read')::int AS read,
             count(*) FILTER (WHERE direction = 'inbound')::int AS inbound
      FROM messages
      WHERE organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
      GROUP BY 1
    )
    SELECT ${startOf} AS start,
           coalesce(m.sent, 0) AS sent, coalesce(m.send_failed, 0) AS send_failed, coalesce(m.held, 0) AS held,
           coalesce(m.paused, 0) AS paused,
           coalesce(m.inbound, 0) AS inbound, coalesce(m.delivered, 0) AS delivered,
           coalesce(m.read, 0) AS read
    FROM series LEFT JOIN m USING (local)
    ORDER BY series.local`);
}

export type FailureCauseRow = {
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
 * The series' failed outbound messages grouped by code, most frequent first (at most `causes`),
 * each with its latest `examples` messages, their contact and broadcast: a row per example (one
 * with no example for a cause without). Both scans are of the index messages(organization_id,
 * created_at) over the range: the examples walk it newest first and stop at the few they need.
 */
export function listFailureCauses(
  organizationId: string,
  { ctes }: Pick<Series, "ctes">,
  { causes, examples }: { causes: number; examples: number },
): Promise<FailureCauseRow[]> {
  const failed = Prisma.sql`organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
        AND direction = 'outbound' AND status = 'failed'`;
  return rawQuery<FailureCauseRow[]>(Prisma.sql`
    WITH ${ctes},
    causes AS (
      SELECT error_code AS code, min(error_message) AS message, count(*)::int AS count
      FROM messages WHERE ${failed}
      GROUP BY error_code ORDER BY count(*) DESC, error_code LIMIT ${causes}
    )
    SELECT causes.code, causes.message, causes.count, ex.id::text AS message_id,
           ex.conversation_id::text AS conversation_id, ex.created_at AS at,
           c.name, c.phone, c.username, c.bsuid, b.id::text AS broadcast_id, b.name AS broadcast_name
    FROM causes
    LEFT JOIN LATERAL (
      SELECT id, conversation_id, contact_id, broadcast_id, created_at FROM messages
      WHERE ${failed} AND error_code IS NOT DISTINCT FROM causes.code
      ORDER BY created_at DESC LIMIT ${examples}
    ) ex ON true
    LEFT JOIN contacts c ON c.id = ex.contact_id AND c.organization_id = ${organizationId}::uuid
    LEFT JOIN broadcasts b ON b.id = ex.broadcast_id AND b.organization_id = ${organizationId}::uuid
    ORDER BY causes.count DESC, causes.code, ex.created_at DESC`);
}
