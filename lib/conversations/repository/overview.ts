import "#server-only";
import { rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The Overview's read of `conversations` and their `messages` (docs/architecture.md
 * "Repositories"): every function takes the organization first and reads only that
 * organization's rows.
 */

export type WaitingRow = {
  id: string;
  status: "open" | "assigned";
  waiting_since: Date;
  name: string | null;
  phone: string | null;
  username: string | null;
  bsuid: string | null;
  assignee: string | null;
  /** how many of the conversations looked at wait (on every row) */
  total: number;
  /** the most conversations looked at of one status (on every row) */
  scanned: number;
};

/**
 * The organization's conversations waiting for the business's answer, longest wait first (at most
 * `shown`): open or assigned, and the customer wrote since the business last sent a message that
 * did not fail. Of each status at most `scan` conversations by most recent activity and as many by
 * least recent are looked at, each an ordered walk of conversations(organization_id, status,
 * last_activity_at) that stops at its limit; for each, the last answer and the first message
 * after it are each one short walk of messages(conversation_id, created_at).
 */
export function listWaitingConversations(
  organizationId: string,
  { scan, shown }: { scan: number; shown: number },
): Promise<WaitingRow[]> {
  // one status per scan, so that each walks the index in its order and stops at `scan` rows
  const ends = (status: "open" | "assigned") => Prisma.sql`
      (SELECT id, status::text AS status FROM conversations
       WHERE organization_id = ${organizationId}::uuid AND status = ${status}::"ConversationStatus"
       ORDER BY last_activity_at DESC LIMIT ${scan})
      UNION
      (SELECT id, status::text AS status FROM conversations
       WHERE organization_id = ${organizationId}::uuid AND status = ${status}::"ConversationStatus"
       ORDER BY last_activity_at ASC LIMIT ${scan})`;
  return rawQuery<WaitingRow[]>(Prisma.sql`
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
      SELECT * FROM waiting ORDER BY waiting_since ASC, id LIMIT ${shown}
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
}
