import "#server-only";
import { rawExecute, rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The broadcast driver's statements on `broadcast_recipients` (lib/broadcasts/run-broadcast.ts,
 * claim-batch.ts): the send path, benchmarked (bench:broadcast), so each is one statement in the
 * shape it had before this repository, with the organization added to its filter. The index
 * broadcast_recipients(broadcast_id, status, seq), or the key (broadcast_id, seq), finds the rows;
 * `organization_id` is checked on the rows found. Every function takes the organization first.
 */

type Client = Prisma.TransactionClient;

export type DueRecipient = {
  seq: number;
  message_id: string | null;
  values: (string | null)[] | null;
  contact_id: string | null;
  phone: string | null;
  bsuid: string | null;
  marketing_opt_out: boolean | null;
  blocked: boolean | null;
};

/**
 * The next pending recipients that are due (no message yet, or put back until `now`), at most
 * `limit`, in send order, with their contact as it is now; locked (SKIP LOCKED: two drivers never
 * take the same recipient) until the caller's transaction ends.
 */
export function lockDueRecipients(
  organizationId: string,
  broadcastId: string,
  { limit, now }: { limit: number; now: Date },
  client: Client,
): Promise<DueRecipient[]> {
  return client.$queryRaw<DueRecipient[]>`
    SELECT r.seq, r.message_id::text, r."values", c.id::text AS contact_id, c.phone, c.bsuid, c.marketing_opt_out,
           c.blocked_at IS NOT NULL AS blocked
    FROM broadcast_recipients r
      LEFT JOIN contacts c ON c.id = r.contact_id AND c.organization_id = ${organizationId}::uuid
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.organization_id = ${organizationId}::uuid
      AND r.status = 'pending' AND (r.message_id IS NULL OR r.retry_at <= ${now})
    ORDER BY r.seq LIMIT ${limit}
    FOR UPDATE OF r SKIP LOCKED`;
}

export type ClaimOutcome = {
  seq: number;
  messageId: string | null;
  skip: string | null;
  phone: string | null;
};

/**
 * Each claimed recipient linked to its message (and the number it goes to), or skipped with why;
 * one statement for the batch, with no join. The rows are found by their key (`seq = ANY (…)`)
 * and each takes its values at its own place in the arrays (`array_position`: 200 × 200 integer
 * comparisons at most, in C). A join of the rows with `unnest(…)` leaves the plan to the
 * statistics of the moment, and a broadcast's recipients grow faster than they are analyzed:
 * with the organization's filter multiplying the estimate down to one row, auto_explain on
 * bench:broadcast showed it hashing every recipient of the broadcast for each batch of 200
 * (20,000 rows a batch, 55–80 ms a statement, quadratic in the broadcast's size), and, by the key
 * with the join kept, re-reading the 200 values for each of the 200 rows (39,800 pairs
 * discarded, 42 ms). By the key alone it is 200 probes whatever the statistics say.
 */
export async function linkRecipientMessages(
  organizationId: string,
  broadcastId: string,
  outcomes: ClaimOutcome[],
  client: Client,
): Promise<void> {
  await client.$executeRaw(linkRecipientsSql(organizationId, broadcastId, outcomes));
}

/** linkRecipientMessages' statement (its plan is tested: sending-plan.test.ts). */
export function linkRecipientsSql(
  organizationId: string,
  broadcastId: string,
  outcomes: ClaimOutcome[],
): Prisma.Sql {
  return Prisma.sql`
    WITH v AS (
      SELECT ${outcomes.map((o) => o.seq)}::int[] AS seqs, ${outcomes.map((o) => o.messageId)}::uuid[] AS mids,
             ${outcomes.map((o) => o.skip)}::text[] AS skips, ${outcomes.map((o) => o.phone)}::text[] AS phones
    )
    UPDATE broadcast_recipients r SET
      message_id = coalesce(v.mids[array_position(v.seqs, r.seq)], r.message_id), retry_at = NULL,
      phone = coalesce(v.phones[array_position(v.seqs, r.seq)], r.phone),
      status = CASE WHEN v.skips[array_position(v.seqs, r.seq)] IS NULL THEN r.status ELSE 'skipped' END,
      skip_reason = v.skips[array_position(v.seqs, r.seq)]
    FROM v
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.seq = ANY (v.seqs) AND r.organization_id = ${organizationId}::uuid`;
}

/** Recipients claimed by a driver that stopped before sending them: due again now. */
export async function releaseRecipients(
  organizationId: string,
  broadcastId: string,
  messageIds: string[],
): Promise<void> {
  await rawExecute`UPDATE broadcast_recipients SET retry_at = ${new Date()}
      WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid
        AND message_id = ANY (${messageIds}::uuid[]) AND status = 'pending' AND retry_at IS NULL`;
}

/** When the first recipient put back for later is due again, or null when none is. */
export async function nextRecipientRetry(organizationId: string, broadcastId: string): Promise<Date | null> {
  const [row] = await rawQuery<{ due: Date | null }[]>`
    SELECT min(retry_at) AS due FROM broadcast_recipients
    WHERE broadcast_id = ${broadcastId}::uuid AND organization_id = ${organizationId}::uuid
      AND status = 'pending' AND retry_at IS NOT NULL`;
  return row?.due ?? null;
}
