import "#server-only";
import { rawExecute, rawQuery } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

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
 * one statement for the batch.
 */
export async function linkRecipientMessages(
  organizationId: string,
  broadcastId: string,
  outcomes: ClaimOutcome[],
  client: Client,
): Promise<void> {
  await client.$executeRaw`
    UPDATE broadcast_recipients r SET
      message_id = coalesce(v.mid, r.message_id), retry_at = NULL, phone = coalesce(v.phone, r.phone),
      status = CASE WHEN v.skip IS NULL THEN r.status ELSE 'skipped' END, skip_reason = v.skip
    FROM unnest(${outcomes.map((o) => o.seq)}::int[], ${outcomes.map((o) => o.messageId)}::uuid[],
                ${outcomes.map((o) => o.skip)}::text[], ${outcomes.map((o) => o.phone)}::text[])
      AS v(seq, mid, skip, phone)
    WHERE r.broadcast_id = ${broadcastId}::uuid AND r.organization_id = ${organizationId}::uuid AND r.seq = v.seq`;
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
