import "#server-only";
import { db, rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { type DeliveryWithAttempts, deliveryInclude } from "@/lib/webhooks/delivery-json";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-schemas";

/**
 * The `deliveries` table (docs/architecture.md "Repositories"): every function takes the
 * organization first and reads and writes only that organization's rows. `client` lets a
 * caller's transaction hold the statement.
 */

type Client = Prisma.TransactionClient;

/**
 * When a webhook is disabled (by its owner, or by a 410 Gone answer) its pending deliveries
 * end as `failed` rather than waiting forever; each can be redelivered once the webhook is
 * active again. An attempt already in flight still records its own outcome.
 */
export async function failPendingDeliveries(
  organizationId: string,
  webhookId: string,
  client: Client = db(),
): Promise<number> {
  const { count } = await client.delivery.updateMany({
    where: { organizationId, webhookId, status: "pending" },
    data: { status: "failed", nextAttemptAt: null },
  });
  return count;
}

/** One delivery of the organization with its webhook, event and every attempt, or null. */
export function findDeliveryDetail(organizationId: string, id: string) {
  return db().delivery.findFirst({
    where: { id, organizationId },
    include: {
      webhook: { select: { id: true, name: true, url: true, status: true } },
      event: { select: { name: true, createdAt: true, data: true } },
      attempts: { orderBy: { attemptNumber: "asc" } },
    },
  });
}

/** The webhook of one delivery of the organization, or null. */
export function findDeliveryWebhook(organizationId: string, id: string) {
  return db().delivery.findFirst({
    where: { id, organizationId },
    select: { webhookId: true, webhook: { select: { id: true, name: true, url: true, status: true } } },
  });
}

/** One delivery of the organization's webhook, or null. */
export function findWebhookDelivery(organizationId: string, webhookId: string, id: string) {
  return db().delivery.findFirst({ where: { id, webhookId, organizationId } });
}

/** One delivery of the organization with its attempts (as the API answers it). */
export function getDeliveryWithAttempts(organizationId: string, id: string): Promise<DeliveryWithAttempts> {
  return db().delivery.findFirstOrThrow({ where: { id, organizationId }, include: deliveryInclude });
}

/** Whether the delivery's attempt `attemptNumber` is recorded (claimed but unrecorded: in flight). */
export async function isAttemptRecorded(
  organizationId: string,
  deliveryId: string,
  attemptNumber: number,
): Promise<boolean> {
  const count = await db().deliveryAttempt.count({
    where: { deliveryId, attemptNumber, delivery: { organizationId } },
  });
  return count > 0;
}

/**
 * The delivery becomes `pending`, due `now`, if it is still as read (`status`, `attemptCount`):
 * a worker that moved it meanwhile wins.
 */
export async function makeDeliveryDue(
  organizationId: string,
  id: string,
  read: { status: Prisma.DeliveryWhereInput["status"]; attemptCount: number },
  now = new Date(),
): Promise<void> {
  await db().delivery.updateMany({
    where: { id, organizationId, status: read.status, attemptCount: read.attemptCount },
    data: { status: "pending", nextAttemptAt: now, succeededAt: null },
  });
}

/**
 * How many of one webhook's deliveries of a period wait for their next automatic attempt, and how
 * many spent their retries; each count stops past `cap` (a range scan of
 * deliveries(webhook_id, created_at)).
 */
export async function countDeliveryBacklog(
  organizationId: string,
  webhookId: string,
  { since, until, cap }: { since?: Date; until?: Date; cap: number },
): Promise<{ retrying: number; failed: number }> {
  const range = Prisma.sql`${since ? Prisma.sql`AND created_at >= ${since}` : Prisma.empty}
    ${until ? Prisma.sql`AND created_at < ${until}` : Prisma.empty}`;
  const count = (where: Prisma.Sql) => Prisma.sql`(SELECT count(*)::int FROM (
      SELECT 1 FROM deliveries WHERE organization_id = ${organizationId}::uuid AND webhook_id = ${webhookId}
        AND ${where} ${range} LIMIT ${cap + 1}) s)`;
  const [row] = await rawQuery<{ retrying: number; failed: number }[]>(Prisma.sql`
    SELECT ${count(Prisma.sql`status = 'pending' AND attempt_count > 0`)} AS retrying,
           ${count(Prisma.sql`status = 'failed'`)} AS failed`);
  return { retrying: row?.retrying ?? 0, failed: row?.failed ?? 0 };
}

export type WebhookHealthRow = {
  webhook_id: string;
  succeeded: number;
  failed: number;
  retrying: number;
  last_failure_at: Date | null;
  last_delivery_at: Date | null;
};

/**
 * How each of the organization's webhooks did with the deliveries created since `since`: one
 * grouped range scan of deliveries(organization_id, status, created_at). A delivery that is
 * retrying counts as a failure for "last failure".
 */
export function countDeliveriesByWebhook(organizationId: string, since: Date): Promise<WebhookHealthRow[]> {
  return rawQuery<WebhookHealthRow[]>(Prisma.sql`
    SELECT webhook_id,
           count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           count(*) FILTER (WHERE status = 'pending' AND attempt_count > 0)::int AS retrying,
           max(coalesce(last_attempt_at, created_at))
             FILTER (WHERE status = 'failed' OR (status = 'pending' AND attempt_count > 0)) AS last_failure_at,
           max(coalesce(last_attempt_at, created_at)) AS last_delivery_at
    FROM deliveries
    WHERE organization_id = ${organizationId}::uuid AND created_at >= ${since}
    GROUP BY webhook_id`);
}

export type RecentAttemptRow = {
  webhook_id: string;
  delivery_id: string;
  status_code: number | null;
  error: string | null;
  response_snippet: string | null;
  started_at: Date;
};

/**
 * The attempts of each of the organization's webhooks' `perWebhook` newest attempted deliveries,
 * read through deliveries(webhook_id, created_at) and delivery_attempts(delivery_id,
 * attempt_number), so the work is bounded whatever a webhook's history.
 */
export function listRecentAttempts(organizationId: string, perWebhook: number): Promise<RecentAttemptRow[]> {
  return rawQuery<RecentAttemptRow[]>(Prisma.sql`
    SELECT w.id AS webhook_id, a.delivery_id, a.status_code, a.error, a.response_snippet, a.started_at
    FROM webhooks w
    CROSS JOIN LATERAL (
      SELECT d.id FROM deliveries d
      WHERE d.webhook_id = w.id AND d.organization_id = w.organization_id AND d.attempt_count > 0
      ORDER BY d.created_at DESC LIMIT ${perWebhook}
    ) recent
    JOIN delivery_attempts a ON a.delivery_id = recent.id
    WHERE w.organization_id = ${organizationId}::uuid`);
}

type Moved = { id: string; attempt_count: number };
type Period = { since?: Date; until?: Date; cap: number; now: Date };

/**
 * The failed deliveries of one webhook created in [since, until) become pending and due `now`,
 * oldest first, at most `cap`, in one conditional UPDATE (a delivery another request moved first
 * is skipped); `more` says whether failed ones remain in the period.
 */
export async function makeFailedDeliveriesDue(
  organizationId: string,
  webhookId: string,
  { since, until, cap, now }: Period & { since: Date; until: Date },
): Promise<{ moved: Moved[]; more: boolean }> {
  const range = Prisma.sql`organization_id = ${organizationId}::uuid AND webhook_id = ${webhookId}
    AND status = 'failed' AND created_at >= ${since} AND created_at < ${until}`;
  const moved = await rawQuery<Moved[]>(Prisma.sql`
    UPDATE deliveries SET status = 'pending', next_attempt_at = ${now}, succeeded_at = NULL, updated_at = ${now}
    WHERE id IN (SELECT id FROM deliveries WHERE ${range} ORDER BY created_at LIMIT ${cap})
      AND status = 'failed'
    RETURNING id, attempt_count`);
  const [left] = await rawQuery<{ n: number }[]>(
    Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM deliveries WHERE ${range} LIMIT 1) s`,
  );
  return { moved, more: (left?.n ?? 0) > 0 };
}

/**
 * The retrying deliveries of one webhook (pending after at least one recorded failed attempt)
 * created in [since, until) become due `now`, oldest first, at most `cap`. One whose attempt is
 * in flight (claimed, its number not yet recorded) is left alone: the UPDATE re-checks that under
 * the row lock, reading the clock at that moment, so a claim or a concurrent move made meanwhile
 * wins (lib/webhooks/retry-now.ts).
 */
export function bringRetriesForward(
  organizationId: string,
  webhookId: string,
  { since, until, cap, now }: Period,
): Promise<Moved[]> {
  const waitingAt = (
    at: Prisma.Sql,
  ) => Prisma.sql`d.status = 'pending' AND d.attempt_count > 0 AND d.next_attempt_at > ${at}
    AND EXISTS (SELECT 1 FROM delivery_attempts a WHERE a.delivery_id = d.id AND a.attempt_number = d.attempt_count)`;
  const range = Prisma.sql`${since ? Prisma.sql`AND d.created_at >= ${since}` : Prisma.empty}
    ${until ? Prisma.sql`AND d.created_at < ${until}` : Prisma.empty}`;
  return rawQuery<Moved[]>(Prisma.sql`
    UPDATE deliveries d SET next_attempt_at = ${now}, updated_at = ${now}
    WHERE d.id IN (
      SELECT d.id FROM deliveries d
      WHERE d.organization_id = ${organizationId}::uuid AND d.webhook_id = ${webhookId}
        AND ${waitingAt(Prisma.sql`${now}`)} ${range}
      ORDER BY d.created_at LIMIT ${cap}
    ) AND d.organization_id = ${organizationId}::uuid AND ${waitingAt(Prisma.sql`clock_timestamp()`)}
    RETURNING d.id, d.attempt_count`);
}

/** The filters of both lists (/v1's and the dashboard's); every one optional, combined with AND. */
export type DeliveryFilter = {
  webhookId?: string;
  status?: DeliveryStatus;
  event?: string;
  since?: Date;
  until?: Date;
};

function deliveriesWhere(organizationId: string, filter: DeliveryFilter): Prisma.DeliveryWhereInput {
  return {
    organizationId,
    ...(filter.webhookId ? { webhookId: filter.webhookId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.event ? { event: { name: filter.event } } : {}),
    ...(filter.since || filter.until
      ? {
          createdAt: {
            ...(filter.since ? { gte: filter.since } : {}),
            ...(filter.until ? { lt: filter.until } : {}),
          },
        }
      : {}),
  };
}

/** Offset pages newest first, each delivery with its attempts, and the total (/v1). */
export async function findDeliveriesPage(
  organizationId: string,
  filter: DeliveryFilter,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ deliveries: DeliveryWithAttempts[]; total: number }> {
  const where = deliveriesWhere(organizationId, filter);
  const [deliveries, total] = await Promise.all([
    db().delivery.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
      include: deliveryInclude,
    }),
    db().delivery.count({ where }),
  ]);
  return { deliveries, total };
}

/**
 * A keyset page (fast at any depth; the same indexes serve both directions): up to `take` rows
 * past the cursor's (time, id) in the order asked, each with its webhook, event name and latest
 * attempt, and how many match the filter, counted up to `countCap`. With a status the scan
 * follows deliveries(organization_id, status, created_at), with a webhook
 * deliveries(webhook_id, created_at).
 */
export async function findDeliveriesAfter(
  organizationId: string,
  filter: DeliveryFilter,
  {
    cursor,
    dir,
    take,
    countCap,
  }: { cursor: { at: Date; id: string } | undefined; dir: "asc" | "desc"; take: number; countCap: number },
) {
  const where = deliveriesWhere(organizationId, filter);
  // past the cursor's (time, id) in the order shown: before it newest first, after it oldest first
  const beyond = dir === "asc" ? "gt" : "lt";
  const after: Prisma.DeliveryWhereInput = cursor
    ? {
        AND: [
          where,
          {
            OR: [
              { createdAt: { [beyond]: cursor.at } },
              { createdAt: cursor.at, id: { [beyond]: cursor.id } },
            ],
          },
        ],
      }
    : where;
  const [rows, matching] = await Promise.all([
    db().delivery.findMany({
      where: after,
      orderBy: [{ createdAt: dir }, { id: dir }],
      take,
      include: {
        webhook: { select: { id: true, name: true, url: true, status: true } },
        event: { select: { name: true } },
        attempts: { orderBy: { attemptNumber: "desc" }, take: 1 },
      },
    }),
    db().delivery.count({ where, take: countCap }),
  ]);
  return { rows, matching };
}

export type DeliveryBucketRow = {
  start: Date;
  deliveries_succeeded: number;
  deliveries_failed: number;
  deliveries_retrying: number;
};

/**
 * The organization's deliveries by outcome per bucket of a series the caller builds
 * (lib/dashboard/overview-series.ts: `ctes` defines `since` and `series`, `bucketOf` a row's
 * bucket, `startOf` a bucket's start): a range scan of deliveries(organization_id, status, created_at).
 */
export function countDeliveriesPerBucket(
  organizationId: string,
  { ctes, bucketOf, startOf }: { ctes: Prisma.Sql; bucketOf: Prisma.Sql; startOf: Prisma.Sql },
): Promise<DeliveryBucketRow[]> {
  return rawQuery<DeliveryBucketRow[]>(Prisma.sql`
    WITH ${ctes},
    d AS (
      SELECT ${bucketOf} AS local,
             count(*) FILTER (WHERE status = 'succeeded')::int AS deliveries_succeeded,
             count(*) FILTER (WHERE status = 'failed')::int AS deliveries_failed,
             count(*) FILTER (WHERE status = 'pending' AND attempt_count > 0)::int AS deliveries_retrying
      FROM deliveries
      WHERE organization_id = ${organizationId}::uuid AND created_at >= (SELECT at FROM since)
      GROUP BY 1
    )
    SELECT ${startOf} AS start,
           coalesce(d.deliveries_succeeded, 0) AS deliveries_succeeded,
           coalesce(d.deliveries_failed, 0) AS deliveries_failed,
           coalesce(d.deliveries_retrying, 0) AS deliveries_retrying
    FROM series LEFT JOIN d USING (local)
    ORDER BY series.local`);
}

/** One delivery of an event of the organization to one of its webhooks, in the caller's transaction. */
export async function insertDelivery(
  organizationId: string,
  row: { id: string; webhookId: string; eventId: string; nextAttemptAt: Date },
  client: Client,
): Promise<void> {
  await client.delivery.create({ data: { ...row, organizationId } });
}
