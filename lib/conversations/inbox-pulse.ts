import "#server-only";
import { type InboxPulseJson, THREAD_LIMIT } from "@/lib/conversations/conversation-schemas";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The inbox polls this every 2 s while its tab is visible, and fetches the list or the thread
 * again only when a token moved: a cheap question in place of the full list (30 rows with their
 * latest message and counts) and thread (200 messages) each time.
 *
 * - list: the newest conversations.updated_at of the organization, by index
 *   (organization_id, updated_at). Every message stored moves it (the inbound paths and the
 *   outbound statement write the conversation's last activity), as do assign, resolve and reopen.
 * - thread: the conversation's updated_at and, over the messages the thread shows (the latest
 *   THREAD_LIMIT by messages(conversation_id, created_at)), their newest updated_at and their
 *   number: a new message, a status (sent, delivered, read, failed), an edit or deletion.
 *   null for no conversation, or one of another organization.
 *
 * Not covered, left to the pages' own slower refetch: a contact renamed or blocked elsewhere.
 */
export async function inboxPulse(organizationId: string, conversationId?: string): Promise<InboxPulseJson> {
  const [row] = await db().$queryRaw<{ list_at: Date | null; thread: string | null }[]>(Prisma.sql`
    SELECT
      (SELECT updated_at FROM conversations WHERE organization_id = ${organizationId}::uuid
       ORDER BY updated_at DESC LIMIT 1) AS list_at,
      ${
        conversationId
          ? Prisma.sql`(
        SELECT (extract(epoch FROM c.updated_at) * 1000)::bigint::text || '.' ||
               COALESCE((extract(epoch FROM max(m.updated_at)) * 1000)::bigint::text, '0') || '.' || count(m.*)::text
        FROM conversations c
        LEFT JOIN LATERAL (
          SELECT updated_at FROM messages
          WHERE conversation_id = c.id AND organization_id = c.organization_id
          ORDER BY created_at DESC LIMIT ${THREAD_LIMIT}
        ) m ON true
        WHERE c.id = ${conversationId}::uuid AND c.organization_id = ${organizationId}::uuid
        GROUP BY c.id, c.updated_at)`
          : Prisma.sql`NULL::text`
      } AS thread`);
  return {
    list: String(row?.list_at?.getTime() ?? 0),
    thread: row?.thread ?? null,
  };
}
