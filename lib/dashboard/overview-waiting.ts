import "#server-only";
import { OVERVIEW_LIMITS, type WaitingJson } from "@/lib/dashboard/overview-schemas";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

type Row = {
  id: string;
  status: "open" | "assigned";
  waiting_since: Date;
  name: string | null;
  phone: string | null;
  username: string | null;
  bsuid: string | null;
  assignee: string | null;
  total: number;
  scanned: number;
};

/**
 * Conversations waiting for the business's answer: open or assigned, and the customer wrote
 * since the business last sent a message that did not fail (a failed reply answers no one; a
 * message sent from the WhatsApp Business app does). The wait begins at the customer's first
 * message after that answer.
 *
 * Bounded: of each status (open, assigned), at most OVERVIEW_LIMITS.waitingScan conversations by
 * most recent activity and as many by least recent (the longest waits are there) are looked at,
 * each an ordered walk of the index conversations(organization_id, status, last_activity_at)
 * that stops at its limit; for each, the last answer and the
 * first message after it are each one short walk of messages(conversation_id, created_at).
 * With more unresolved conversations than that the count is a lower bound (`capped`), decided
 * here: an organization with thousands of unresolved conversations reads "at least".
 */
export async function waitingConversations(organizationId: string): Promise<WaitingJson> {
  const scan = OVERVIEW_LIMITS.waitingScan;
  // one status per scan, so that each walks the index in its order and stops at `scan` rows
  const ends = (status: "open" | "assigned") => Prisma.sql`
      (SELECT id, status::text AS status FROM conversations
       WHERE organization_id = ${organizationId}::uuid AND status = ${status}::"ConversationStatus"
       ORDER BY last_activity_at DESC LIMIT ${scan})
      UNION
      (SELECT id, status::text AS status FROM conversations
       WHERE organization_id = ${organizationId}::uuid AND status = ${status}::"ConversationStatus"
       ORDER BY last_activity_at ASC LIMIT ${scan})`;
  const rows = await db().$queryRaw<Row[]>(Prisma.sql`
    WITH candidates AS (${ends("open")} UNION ${ends("assigned")}),
    waiting AS (
      SELECT k.id, w.created_at AS waiting_since
      FROM candidates k
      LEFT JOIN LATERAL (
        SELECT created_at FROM messages
        WHERE conversation_id = k.id AND direction = 'outbound' AND status <> 'failed'
        ORDER BY created_at DESC LIMIT 1
      ) answered ON true
      JOIN LATERAL (
        SELECT created_at FROM messages
        WHERE conversation_id = k.id AND direction = 'inbound'
          AND created_at > coalesce(answered.created_at, '-infinity'::timestamp)
        ORDER BY created_at ASC LIMIT 1
      ) w ON true
    ),
    shown AS (
      SELECT * FROM waiting ORDER BY waiting_since ASC, id LIMIT ${OVERVIEW_LIMITS.waiting}
    )
    SELECT s.id::text AS id, c.status, s.waiting_since, t.name, t.phone, t.username, t.bsuid,
           coalesce(u.name, u.email) AS assignee,
           (SELECT count(*)::int FROM waiting) AS total,
           (SELECT max(n)::int FROM (SELECT count(*) AS n FROM candidates GROUP BY status) k) AS scanned
    FROM shown s
    JOIN conversations c ON c.id = s.id AND c.organization_id = ${organizationId}::uuid
    JOIN contacts t ON t.id = c.contact_id
    LEFT JOIN users u ON u.id = c.assignee_id
    ORDER BY s.waiting_since ASC, s.id`);
  const first = rows[0];
  const scanned = first?.scanned ?? 0;
  return {
    count: first?.total ?? 0,
    // both scans of a status full: it may have more conversations than were looked at
    capped: scanned >= 2 * scan,
    oldest_since: first ? first.waiting_since.toISOString() : null,
    conversations: rows.map((r) => ({
      id: r.id,
      status: r.status,
      contact: { name: r.name, phone: r.phone, username: r.username, bsuid: r.bsuid },
      waiting_since: r.waiting_since.toISOString(),
      assignee: r.assignee,
    })),
  };
}
