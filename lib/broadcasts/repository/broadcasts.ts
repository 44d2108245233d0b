import "#server-only";
import type { Counts } from "@/lib/broadcasts/broadcast-json";
import { db, rawExecute, rawQuery } from "@/lib/db";
import type { BroadcastPauseJson } from "@/lib/events/broadcast-payloads";
import { eventDataSql, type OutboxResult } from "@/lib/events/outbox-sql";
import { withEventSql } from "@/lib/events/repository";
import { type Broadcast, type BroadcastStatus, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `broadcasts` table (docs/architecture.md "Repositories"): every function takes the
 * organization first and reads and writes only that organization's rows, so an id of another
 * organization finds and changes nothing, whatever the caller read before. `client` lets a
 * caller's transaction hold the statement. The recipients are in `./recipients.ts`, the writes
 * that resolve an audience in `./audience.ts`.
 */

type Client = Prisma.TransactionClient;

/**
 * The counts of the broadcasts `b` (a row of `broadcasts` in the caller's FROM), summed over their
 * counter rows. `held` (Meta's template pacing) is read from the messages themselves, through the
 * partial index of migration template_pacing (few are ever held): a held message is `sent`
 * (accepted) for the counters, and is taken out of `sent` here so that the counts still add up to
 * `total`.
 */
const countsSql = Prisma.sql`(SELECT json_build_object(
    'pending', coalesce(sum(k.pending), 0), 'sent', coalesce(sum(k.sent), 0) - h.held,
    'held', h.held,
    'delivered', coalesce(sum(k.delivered), 0), 'read', coalesce(sum(k.read), 0),
    'failed', coalesce(sum(k.failed), 0), 'skipped', coalesce(sum(k.skipped), 0),
    'replied', coalesce(sum(k.replied), 0))
  FROM (SELECT count(*)::int AS held FROM messages hm
        WHERE hm.broadcast_id = b.id AND hm.pacing IS NOT NULL AND hm.organization_id = b.organization_id) h
  LEFT JOIN broadcast_counters k ON k.broadcast_id = b.id
  GROUP BY h.held)`;

const NO_COUNTS: Counts = {
  pending: 0,
  sent: 0,
  held: 0,
  delivered: 0,
  read: 0,
  failed: 0,
  skipped: 0,
  replied: 0,
};

export function findBroadcastRow(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<Broadcast | null> {
  return client.broadcast.findFirst({ where: { id, organizationId } });
}

export async function findBroadcastStatus(
  organizationId: string,
  id: string,
): Promise<BroadcastStatus | null> {
  const row = await db().broadcast.findFirst({ where: { id, organizationId }, select: { status: true } });
  return row?.status ?? null;
}

/** The broadcast's counts (zeros for an id the organization has no broadcast by). */
export async function readBroadcastCounts(organizationId: string, id: string): Promise<Counts> {
  const [row] = await rawQuery<{ counts: Counts }[]>`
    SELECT ${countsSql} AS counts FROM broadcasts b
    WHERE b.id = ${id}::uuid AND b.organization_id = ${organizationId}::uuid`;
  return row?.counts ?? NO_COUNTS;
}

/** Newest first, like every list of the API; the page's counts in one more query. */
export async function listBroadcastRows(
  organizationId: string,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: { broadcast: Broadcast; counts: Counts }[]; total: number }> {
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
  const counts = await rawQuery<{ id: string; counts: Counts }[]>`
    SELECT b.id::text AS id, ${countsSql} AS counts FROM broadcasts b
    WHERE b.id = ANY (${rows.map((r) => r.id)}::uuid[]) AND b.organization_id = ${organizationId}::uuid`;
  const byId = new Map(counts.map((c) => [c.id, c.counts]));
  return { rows: rows.map((r) => ({ broadcast: r, counts: byId.get(r.id) ?? NO_COUNTS })), total };
}

/** The broadcast's template category and channel (the dashboard's broadcast page). */
export function findBroadcastChannel(organizationId: string, id: string) {
  return db().broadcast.findFirst({
    where: { id, organizationId },
    select: {
      templateCategory: true,
      channel: { select: { id: true, name: true, displayPhoneNumber: true, throughputPerSecond: true } },
    },
  });
}

export async function insertBroadcast(
  organizationId: string,
  row: Omit<Prisma.BroadcastUncheckedCreateInput, "organizationId">,
  client: Client,
): Promise<void> {
  await client.broadcast.create({ data: { ...row, organizationId } });
}

/**
 * Changes the broadcast if it is in one of the statuses `from` (in any when omitted): a state
 * moved by someone else meanwhile wins. Answers whether it changed.
 */
export async function updateBroadcastRow(
  organizationId: string,
  id: string,
  { from, data }: { from?: BroadcastStatus[]; data: Prisma.BroadcastUpdateManyMutationInput },
  client: Client = db(),
): Promise<boolean> {
  const { count } = await client.broadcast.updateMany({
    where: { id, organizationId, ...(from ? { status: { in: from } } : {}) },
    data,
  });
  return count > 0;
}

/**
 * The counters (sent, failed) summed now and the failure window as it opened (lib/broadcasts/
 * pause-on-failures.ts); null for an id the organization has no broadcast by.
 */
export async function readFailureWindow(
  organizationId: string,
  id: string,
): Promise<{ sent: number; failed: number; window: { sent: number; failed: number } | null } | null> {
  const [row] = await rawQuery<
    { sent: number; failed: number; window: { sent: number; failed: number } | null }[]
  >`
    SELECT coalesce(sum(k.sent), 0)::int AS sent, coalesce(sum(k.failed), 0)::int AS failed,
           b.failure_window AS window
    FROM broadcasts b LEFT JOIN broadcast_counters k ON k.broadcast_id = b.id
    WHERE b.id = ${id}::uuid AND b.organization_id = ${organizationId}::uuid
    GROUP BY b.id`;
  return row ?? null;
}

/** A running broadcast's failure window opens at `at` (raw SQL: the row's updated_at is not the owner's change). */
export async function openFailureWindow(
  organizationId: string,
  id: string,
  at: { sent: number; failed: number },
): Promise<void> {
  await rawExecute`
    UPDATE broadcasts SET failure_window = ${JSON.stringify(at)}::jsonb
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid AND status = 'running'`;
}

/**
 * A running broadcast becomes `paused` with why, and broadcast.paused is recorded in the same
 * statement. Answers the outbox's result (changed 0: it was not running, or not the organization's).
 */
export async function pauseBroadcastRow(
  organizationId: string,
  id: string,
  reason: BroadcastPauseJson,
  at: Date,
): Promise<OutboxResult | undefined> {
  const [result] = await rawQuery<OutboxResult[]>(
    withEventSql(
      organizationId,
      Prisma.sql`UPDATE broadcasts b SET status = 'paused', pause = ${JSON.stringify(reason)}::jsonb,
          failure_window = NULL, updated_at = ${at}
        WHERE b.id = ${id}::uuid AND b.organization_id = ${organizationId}::uuid AND b.status = 'running'
        RETURNING b.organization_id, ${eventDataSql("broadcast.paused", {
          broadcastId: Prisma.sql`b.id`,
          pause: Prisma.sql`${JSON.stringify(reason)}::jsonb`,
          counts: Prisma.sql`jsonb_build_object('total', b.total) || ${countsSql}::jsonb`,
          timestamp: Prisma.sql`${at.toISOString()}::text`,
        })}`,
      "broadcast.paused",
      at,
    ),
  );
  return result;
}

/**
 * A running broadcast with no pending recipient left becomes `completed`, and
 * broadcast.completed `{ broadcastId, counts, timestamp }` is recorded in the same statement.
 */
export async function completeBroadcastRow(
  organizationId: string,
  id: string,
  at: Date,
): Promise<OutboxResult | undefined> {
  const [result] = await rawQuery<OutboxResult[]>(
    withEventSql(
      organizationId,
      Prisma.sql`UPDATE broadcasts b SET status = 'completed', completed_at = ${at}, updated_at = ${at}
        WHERE b.id = ${id}::uuid AND b.organization_id = ${organizationId}::uuid AND b.status = 'running'
          AND (SELECT coalesce(sum(pending), 0) FROM broadcast_counters WHERE broadcast_id = b.id) = 0
        RETURNING b.organization_id, ${eventDataSql("broadcast.completed", {
          broadcastId: Prisma.sql`b.id`,
          counts: Prisma.sql`jsonb_build_object('total', b.total) || ${countsSql}::jsonb`,
          timestamp: Prisma.sql`${at.toISOString()}::text`,
        })}`,
      "broadcast.completed",
      at,
    ),
  );
  return result;
}

export type OverviewBroadcastRow = {
  id: string;
  name: string;
  status: BroadcastStatus;
  started_at: Date | null;
  created_at: Date;
  total: number;
  counts: Counts;
  top_code: string | null;
  top_message: string | null;
  top_count: number | null;
};

/**
 * The organization's latest `limit` broadcasts (newest first, through broadcasts(organization_id,
 * created_at, id)) with their counts and the code most of their failures carry, read from at most
 * `failureSample` failed recipients each (broadcast_recipients(broadcast_id, status, seq)): a
 * broadcast that failed for 100,000 customers is not read whole for one line of the overview.
 */
export function listOverviewBroadcasts(
  organizationId: string,
  { limit, failureSample }: { limit: number; failureSample: number },
): Promise<OverviewBroadcastRow[]> {
  return rawQuery<OverviewBroadcastRow[]>(Prisma.sql`
    SELECT b.id::text AS id, b.name, b.status::text AS status, b.started_at, b.created_at, b.total,
           ${countsSql} AS counts, top.code AS top_code, top.message AS top_message, top.count AS top_count
    FROM (
      SELECT * FROM broadcasts WHERE organization_id = ${organizationId}::uuid
      ORDER BY created_at DESC, id DESC LIMIT ${limit}
    ) b
    LEFT JOIN LATERAL (
      SELECT f.error_code AS code, min(f.error_message) AS message, count(*)::int AS count
      FROM (
        SELECT error_code, error_message FROM broadcast_recipients
        WHERE broadcast_id = b.id AND organization_id = ${organizationId}::uuid AND status = 'failed'
        LIMIT ${failureSample}
      ) f
      GROUP BY f.error_code ORDER BY count(*) DESC, f.error_code LIMIT 1
    ) top ON true
    ORDER BY b.created_at DESC, b.id DESC`);
}
