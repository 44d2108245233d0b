import "#server-only";
import { rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";

/** When a put-back recipient is due again: `baseMs × growth^(times put back before)`, at most `capMs`. */
export type Backoff = { baseMs: number; growth: number; capMs: number };

type PutBack = { organizationId: string; messageId: string; backoff: Backoff };

/**
 * A broadcast message the upstream provably did not take (130429, 131056, no connection):
 * back to `queued`, and its recipient due again after its backoff, in one statement (no
 * moment where the message is free but its recipient not due). Answers how many times the
 * recipient has now been put back, or null when the message was no longer `sending` (a status
 * notification got there first).
 */
export function putBack(organizationId: string, messageId: string, backoff: Backoff): Promise<number | null> {
  return putBackTogether({ organizationId, messageId, backoff });
}

/**
 * Concurrent put-backs share the statement, whatever their organizations: each message and
 * recipient is matched on its own (message id, organization) pair, found by primary key (`status::text`:
 * claim-sending.ts says why).
 */
const putBackTogether = groupCommit<PutBack, number | null>(async (items) => {
  const now = new Date();
  const ids = items.map((i) => i.messageId);
  const orgs = items.map((i) => i.organizationId);
  const rows = await rawQuery<{ message_id: string; attempts: number }[]>`
    WITH released AS (
      UPDATE messages m SET status = 'queued', sending_at = NULL, updated_at = ${now}
      FROM unnest(${ids}::uuid[], ${orgs}::uuid[]) AS v(id, org)
      WHERE m.id = v.id AND m.organization_id = v.org AND m.status::text = 'sending'
      RETURNING m.id
    )
    UPDATE broadcast_recipients r SET attempts = r.attempts + 1,
      retry_at = ${now}::timestamp + least(v.cap, v.base * power(v.growth, r.attempts)) * interval '1 millisecond'
    FROM unnest(${ids}::uuid[], ${orgs}::uuid[], ${items.map((i) => i.backoff.baseMs)}::float8[],
                ${items.map((i) => i.backoff.growth)}::float8[], ${items.map((i) => i.backoff.capMs)}::float8[])
      AS v(mid, org, base, growth, cap)
    WHERE r.message_id = v.mid AND r.organization_id = v.org AND r.message_id IN (SELECT id FROM released)
    RETURNING r.message_id::text, r.attempts`;
  const byId = new Map(rows.map((r) => [r.message_id, r.attempts]));
  return items.map((i) => byId.get(i.messageId) ?? null);
});
