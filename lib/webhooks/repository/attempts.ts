import "#server-only";
import { db, rawExecute, rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `deliveries` table, one attempt's statements (docs/architecture.md "Repositories"): its
 * claim, a claim given back, the attempt recorded and the delivery moved on. Every function takes
 * the organization first and matches each delivery on (id, organization), so another
 * organization's delivery id claims, moves and records nothing. The statements of the attempts
 * made together are one (group commit), each item with its own organization: they are matched as
 * (id, organization) pairs. The attempt row (`delivery_attempts`, which has no organization of its
 * own) is written only for a delivery of the organization. The first read of an attempt, by the
 * delivery id its job names, is lib/webhooks/load-delivery.ts (docs/security.md).
 */

type Client = Prisma.TransactionClient;

/** longer than one attempt and its bookkeeping: until then no other job may take the delivery */
export const CLAIM_LEASE_MS = 30_000;
/** a job may run this much before the stored due time (clocks of worker machines differ) */
export const EARLY_TOLERANCE_MS = 1_000;

type Claim = { organizationId: string; id: string; attemptCount: number };

const claimTogether = groupCommit<Claim, Date | null>(async (claims) => {
  const startedAt = new Date();
  const won = await rawQuery<{ id: string }[]>`
      UPDATE deliveries SET attempt_count = v.claimed_count + 1, last_attempt_at = ${startedAt},
                            next_attempt_at = ${new Date(startedAt.getTime() + CLAIM_LEASE_MS)}
      FROM unnest(${claims.map((c) => c.id)}::text[], ${claims.map((c) => c.organizationId)}::uuid[],
                  ${claims.map((c) => c.attemptCount)}::int[]) AS v(claimed_id, org, claimed_count)
      WHERE deliveries.id = v.claimed_id AND deliveries.organization_id = v.org AND deliveries.status = 'pending'
        AND deliveries.attempt_count = v.claimed_count
        AND deliveries.next_attempt_at <= ${new Date(startedAt.getTime() + EARLY_TOLERANCE_MS)}
      RETURNING deliveries.id`;
  const ids = new Set(won.map((r) => r.id));
  // the same delivery twice in one group: only the first claim wins
  return claims.map((c) => (ids.delete(c.id) ? startedAt : null));
});

/**
 * The attempt claimed (same attempt count, still pending, due): the claims made together are
 * one UPDATE. Answers the claim's time, or null when another job has the delivery (or it is not
 * the organization's). Only a rate-limited webhook's attempts claim here, after their slot
 * (load-delivery.ts claims the rest).
 */
export function claimAttempt(organizationId: string, id: string, attemptCount: number): Promise<Date | null> {
  return claimTogether({ organizationId, id, attemptCount });
}

/** A claim as its delivery was read before it. */
export type ReadClaim = {
  id: string;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
};

const giveBackTogether = groupCommit<ReadClaim & { organizationId: string }, void>(async (claims) => {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  await rawExecute`
      UPDATE deliveries SET attempt_count = v.read_count, next_attempt_at = v.read_next AT TIME ZONE 'UTC',
                            last_attempt_at = v.read_last AT TIME ZONE 'UTC'
      FROM unnest(${claims.map((c) => c.id)}::text[], ${claims.map((c) => c.organizationId)}::uuid[],
                  ${claims.map((c) => c.attemptCount)}::int[],
                  ${claims.map((c) => iso(c.nextAttemptAt))}::timestamptz[],
                  ${claims.map((c) => iso(c.lastAttemptAt))}::timestamptz[]) AS v(given_id, org, read_count, read_next, read_last)
      WHERE deliveries.id = v.given_id AND deliveries.organization_id = v.org
        AND deliveries.attempt_count = v.read_count + 1 AND deliveries.status = 'pending'`;
  return claims.map(() => undefined);
});

/**
 * A claim given back (nothing was sent): the attempt count, due time and last attempt as they
 * were read, while the claim is still the delivery's latest and it is pending. The claims given
 * back together are one UPDATE.
 */
export function giveBackClaim(organizationId: string, claim: ReadClaim): Promise<void> {
  return giveBackTogether({ ...claim, organizationId });
}

/** A pending delivery of the organization whose webhook is disabled ends `failed`. */
export async function failDeliveryOfDisabledWebhook(organizationId: string, id: string): Promise<void> {
  await db().delivery.updateMany({
    where: { id, organizationId, status: "pending" },
    data: { status: "failed", nextAttemptAt: null },
  });
}

/** One attempt as it is stored. */
export type AttemptRow = {
  deliveryId: string;
  webhookId: string;
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  snippet: string | null;
  requestHeaders: Record<string, string>;
};

const succeedTogether = groupCommit<AttemptRow & { organizationId: string; finishedAt: Date }, void>(
  async (records) => {
    const finishedAt = records[0]?.finishedAt ?? new Date();
    await rawExecute`
      WITH v AS (
        SELECT * FROM unnest(
          ${records.map((r) => r.deliveryId)}::text[], ${records.map((r) => r.organizationId)}::uuid[],
          ${records.map((r) => r.webhookId)}::text[], ${records.map((r) => r.attemptNumber)}::int[],
          ${records.map((r) => r.startedAt.toISOString())}::timestamptz[], ${records.map((r) => r.durationMs)}::int[],
          ${records.map((r) => r.statusCode)}::int[], ${records.map((r) => r.error)}::text[],
          ${records.map((r) => r.snippet)}::text[]
        ) WITH ORDINALITY AS v(did, org, wid, num, started, duration, code, err, snippet, n)
      ), attempt AS (
        INSERT INTO delivery_attempts (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error,
                                       response_snippet, request_headers)
        SELECT gen_random_uuid(), v.did, v.num, v.started AT TIME ZONE 'UTC', v.duration, v.code, v.err, v.snippet,
               (${JSON.stringify(records.map((r) => r.requestHeaders))}::jsonb) -> (v.n::int - 1)
        FROM v
        -- the attempt of a delivery of its organization only (attempts have no organization column)
        WHERE EXISTS (SELECT 1 FROM deliveries own WHERE own.id = v.did AND own.organization_id = v.org)
      ), healthy AS (
        -- a success ends a failing streak (lib/webhooks/webhook-failing.ts); only failing rows are written
        UPDATE webhooks SET failing_since = NULL
        FROM (SELECT DISTINCT wid, org FROM v) h
        WHERE webhooks.id = h.wid AND webhooks.organization_id = h.org AND webhooks.failing_since IS NOT NULL
      )
      UPDATE deliveries SET status = 'succeeded', succeeded_at = ${finishedAt}, next_attempt_at = NULL,
                            updated_at = ${finishedAt}
      FROM v WHERE deliveries.id = v.did AND deliveries.organization_id = v.org AND deliveries.attempt_count = v.num`;
    return records.map(() => undefined);
  },
);

/**
 * A successful attempt of the organization's delivery: the attempt row, the delivery `succeeded`
 * while the attempt is still its latest, and the webhook's failing streak ended. The successes
 * recorded together are one statement.
 */
export function recordSucceededAttempt(
  organizationId: string,
  attempt: AttemptRow,
  finishedAt: Date,
): Promise<void> {
  return succeedTogether({ ...attempt, organizationId, finishedAt });
}

/**
 * A failed attempt of the organization's delivery, in the caller's transaction: the attempt row,
 * and the delivery due again at `nextAttemptAt` (or `failed` with none), while the attempt is
 * still its latest and it is pending (a disable may have failed it meanwhile).
 */
export async function recordFailedAttempt(
  organizationId: string,
  attempt: AttemptRow,
  nextAttemptAt: Date | null,
  client: Client,
): Promise<void> {
  await client.$executeRaw`
    INSERT INTO delivery_attempts (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error,
                                   response_snippet, request_headers)
    SELECT gen_random_uuid(), own.id, ${attempt.attemptNumber}::int, ${attempt.startedAt.toISOString()}::timestamptz AT TIME ZONE 'UTC',
           ${attempt.durationMs}::int, ${attempt.statusCode}::int, ${attempt.error}::text, ${attempt.snippet}::text,
           ${JSON.stringify(attempt.requestHeaders)}::jsonb
    FROM deliveries own WHERE own.id = ${attempt.deliveryId} AND own.organization_id = ${organizationId}::uuid`;
  await client.delivery.updateMany({
    where: { id: attempt.deliveryId, organizationId, attemptCount: attempt.attemptNumber, status: "pending" },
    data: nextAttemptAt === null ? { status: "failed", nextAttemptAt: null } : { nextAttemptAt },
  });
}
