import "#server-only";
import { type Counts, countsSql, toBroadcastJson } from "@/lib/broadcasts/broadcast-json";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";
import { db } from "@/lib/db";
import { isUuid } from "@/lib/ids/uuid";

/** A broadcast of the organization with its counts; null for any other id (another organization's too). */
export async function findBroadcast(organizationId: string, id: string): Promise<BroadcastJson | null> {
  if (!isUuid(id)) return null;
  const broadcast = await db().broadcast.findFirst({ where: { id, organizationId } });
  if (!broadcast) return null;
  return toBroadcastJson(broadcast, await readCounts(id));
}

export async function readCounts(broadcastId: string): Promise<Counts> {
  const [row] = await db().$queryRaw<{ counts: Counts }[]>`
    SELECT ${countsSql} AS counts FROM (SELECT ${broadcastId}::uuid AS id) b`;
  return (
    row?.counts ?? { pending: 0, sent: 0, held: 0, delivered: 0, read: 0, failed: 0, skipped: 0, replied: 0 }
  );
}
