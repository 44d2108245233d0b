import "#server-only";
import { type ConversationWithRow, conversationRowInclude } from "@/lib/conversations/conversation-row";
import {
  type AssigneeFilter,
  type InboxPulseJson,
  type InboxView,
  THREAD_LIMIT,
} from "@/lib/conversations/conversation-schemas";
import { db, rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The inbox's reads of `conversations`, `conversation_reads` and their `messages`
 * (docs/architecture.md "Repositories"): every function takes the organization first and reads
 * and writes only that organization's rows.
 */

export type InboxPage = {
  view: InboxView;
  /** the staff member asking: `assignee: "me"` is them */
  userId: string;
  assignee?: AssigneeFilter;
  after?: { at: Date; id: string };
  limit: number;
};

/** Conversations that are not resolved, assigned or not ("assigned" is a filter) */
const open = (organizationId: string): Prisma.ConversationWhereInput => ({
  organizationId,
  status: { not: "resolved" },
});

/**
 * One keyset page (`limit` + 1 rows, to tell whether there is another) of the organization's open
 * or resolved conversations by last activity, then id, each with what its row is drawn with: the
 * partial index conversations_open_activity_idx for the open view, (organization_id, status,
 * last_activity_at) for the resolved one.
 */
export function listConversationRows(organizationId: string, q: InboxPage): Promise<ConversationWithRow[]> {
  const assignee: Prisma.ConversationWhereInput =
    q.assignee === "me"
      ? { assigneeId: q.userId }
      : q.assignee === "none"
        ? { assigneeId: null }
        : q.assignee === "any"
          ? { assigneeId: { not: null } }
          : {};
  const where: Prisma.ConversationWhereInput = {
    ...(q.view === "open" ? open(organizationId) : { organizationId, status: "resolved" }),
    ...assignee,
  };
  const { after } = q;
  return db().conversation.findMany({
    where: after
      ? {
          AND: [
            where,
            {
              OR: [{ lastActivityAt: { lt: after.at } }, { lastActivityAt: after.at, id: { lt: after.id } }],
            },
          ],
        }
      : where,
    orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
    take: q.limit + 1,
    include: conversationRowInclude,
  });
}

/** The open view's sizes, each counted up to `cap` + 1: all, the staff member's, unassigned. */
export async function countOpenConversations(organizationId: string, userId: string, cap: number) {
  const count = (more: Prisma.ConversationWhereInput) =>
    db().conversation.count({ where: { ...open(organizationId), ...more }, take: cap + 1 });
  const [all, mine, unassigned] = await Promise.all([
    count({}),
    count({ assigneeId: userId }),
    count({ assigneeId: null }),
  ]);
  return { open: all, mine, unassigned };
}

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
  const [row] = await rawQuery<{ list_at: Date | null; thread: string | null }[]>(Prisma.sql`
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
  const rows = await rawQuery<{ id: string }[]>(Prisma.sql`
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

/**
 * The staff member has read the conversation up to its newest customer message (their own
 * marker: nobody else's unread changes). Never backwards; null when the customer never wrote, or
 * the organization has no conversation by that id. Up to the newest message stored, not "now": a
 * message the worker stores after this call, even one received a moment before it, stays unread.
 */
export async function markReadForStaff(
  organizationId: string,
  userId: string,
  conversationId: string,
): Promise<Date | null> {
  const [row] = await rawQuery<{ read_up_to: Date }[]>(Prisma.sql`
    INSERT INTO conversation_reads (conversation_id, user_id, organization_id, read_up_to, updated_at)
    SELECT c.id, ${userId}::uuid, c.organization_id, m.created_at, now()
    FROM conversations c
    CROSS JOIN LATERAL (
      SELECT created_at FROM messages
      WHERE conversation_id = c.id AND organization_id = c.organization_id AND direction = 'inbound'
      ORDER BY created_at DESC LIMIT 1
    ) m
    WHERE c.id = ${conversationId}::uuid AND c.organization_id = ${organizationId}::uuid
    ON CONFLICT (conversation_id, user_id) DO UPDATE
      SET read_up_to = GREATEST(conversation_reads.read_up_to, EXCLUDED.read_up_to), updated_at = now()
    RETURNING read_up_to`);
  return row?.read_up_to ?? null;
}

/** The conversation's latest customer message that the upstream knows, or null. */
export function latestInboundMessage(
  organizationId: string,
  conversationId: string,
): Promise<{ id: string; readAt: Date | null } | null> {
  return db().message.findFirst({
    where: { organizationId, conversationId, direction: "inbound", whatsappMessageId: { not: null } },
    orderBy: { createdAt: "desc" },
    select: { id: true, readAt: true },
  });
}
