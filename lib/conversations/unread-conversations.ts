import "#server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * Which of these conversations are unread for one staff member: the customer wrote (an inbound
 * message) after what that staff member last read of it (conversation_reads.read_up_to; never
 * opened: any inbound message). Each staff member has their own marker; other organizations'
 * conversations and markers never count. One query for a page, by messages(conversation_id, created_at).
 */
export async function unreadConversations(
  organizationId: string,
  userId: string,
  conversationIds: string[],
): Promise<Set<string>> {
  if (conversationIds.length === 0) return new Set();
  const rows = await db().$queryRaw<{ id: string }[]>(Prisma.sql`
    SELECT c.id FROM conversations c
    LEFT JOIN conversation_reads r
      ON r.conversation_id = c.id AND r.user_id = ${userId}::uuid AND r.organization_id = c.organization_id
    WHERE c.organization_id = ${organizationId}::uuid AND c.id = ANY(${conversationIds}::uuid[])
      AND EXISTS (
        SELECT 1 FROM messages m
        WHERE m.conversation_id = c.id AND m.organization_id = c.organization_id AND m.direction = 'inbound'
          AND m.created_at > COALESCE(r.read_up_to, '-infinity'::timestamp)
      )`);
  return new Set(rows.map((r) => r.id));
}
