import "#server-only";
import type { UpstreamApi } from "@/lib/cloud-api/post-send";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";

type Claimed = { cloud: unknown; api: UpstreamApi | null };

/**
 * `sending`, if still `queued`, returning the body to send; null when another got there first.
 * Concurrent claims go to PostgreSQL as one statement (lib/db-group-commit.ts).
 */
export const claim = groupCommit<string, Claimed | null>((ids) => claimMany(ids));

/** The claim of many messages in one statement (a broadcast's batch claims its own this way). */
export async function claimMany(ids: string[]): Promise<(Claimed | null)[]> {
  const now = new Date();
  const won = await db().$queryRaw<{ id: string; cloud: unknown; api: UpstreamApi | null }[]>`
      UPDATE messages SET status = 'sending', sending_at = ${now}, updated_at = ${now}
      WHERE id = ANY (${ids}::uuid[]) AND status = 'queued'
      RETURNING id, content -> 'cloud' AS cloud, content ->> 'upstream' AS api`;
  const byId = new Map(won.map((row) => [row.id, { cloud: row.cloud, api: row.api }]));
  // the same message twice in one batch (two jobs for it): only the first claim wins
  return ids.map((id) => {
    const mine = byId.get(id) ?? null;
    byId.delete(id);
    return mine;
  });
}

/** The claim given back (`sending` → `queued`): the upstream provably never saw the message. */
export async function release(messageId: string): Promise<void> {
  await db().message.updateMany({
    where: { id: messageId, status: "sending" },
    data: { status: "queued", sendingAt: null, updatedAt: new Date() },
  });
}
