import "#server-only";
import type { UpstreamApi } from "@/lib/cloud-api/post-send";
import { db, rawQuery } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";

type Claimed = { cloud: unknown; api: UpstreamApi | null };
type Claim = { organizationId: string; messageId: string };

/**
 * Concurrent claims go to PostgreSQL as one statement (lib/db-group-commit.ts), whatever their
 * organizations: each message is matched on its own (id, organization) pair.
 */
const claimTogether = groupCommit<Claim, Claimed | null>((claims) => claimEach(claims));

/** `sending`, if still `queued`, returning the body to send; null when another got there first. */
export function claim(organizationId: string, messageId: string): Promise<Claimed | null> {
  return claimTogether({ organizationId, messageId });
}

/** The claim of many of the organization's messages in one statement (a broadcast's batch). */
export function claimMany(organizationId: string, ids: string[]): Promise<(Claimed | null)[]> {
  return claimEach(ids.map((messageId) => ({ organizationId, messageId })));
}

/**
 * `status::text`, not `status`: the claim names its messages, so it finds them by primary key. With the
 * status compared as the enum, the planner may read every `queued` message through the status index
 * and hash them (its statistics often see few queued), a broadcast's whole queued lead for a claim of
 * 25 (docs/benchmarks.md, "Where a broadcast message's CPU goes"). mark-sent.ts and put-back.ts too.
 */
async function claimEach(claims: Claim[]): Promise<(Claimed | null)[]> {
  const now = new Date();
  const won = await rawQuery<{ id: string; cloud: unknown; api: UpstreamApi | null }[]>`
      UPDATE messages m SET status = 'sending', sending_at = ${now}, updated_at = ${now}
      FROM unnest(${claims.map((c) => c.messageId)}::uuid[], ${claims.map((c) => c.organizationId)}::uuid[]) AS v(id, org)
      WHERE m.id = v.id AND m.organization_id = v.org AND m.status::text = 'queued'
      RETURNING m.id, m.content -> 'cloud' AS cloud, m.content ->> 'upstream' AS api`;
  const byId = new Map(won.map((row) => [row.id, { cloud: row.cloud, api: row.api }]));
  // the same message twice in one batch (two jobs for it): only the first claim wins
  return claims.map(({ messageId }) => {
    const mine = byId.get(messageId) ?? null;
    byId.delete(messageId);
    return mine;
  });
}

/** The claim given back (`sending` → `queued`): the upstream provably never saw the message. */
export async function release(organizationId: string, messageId: string): Promise<void> {
  await db().message.updateMany({
    where: { id: messageId, organizationId, status: "sending" },
    data: { status: "queued", sendingAt: null, updatedAt: new Date() },
  });
}
