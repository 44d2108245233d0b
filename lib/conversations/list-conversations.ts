import "#server-only";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import { conversationRowInclude, toConversationRow } from "@/lib/conversations/conversation-row";
import type { ConversationsPageJson, ConversationsQuery } from "@/lib/conversations/conversation-schemas";
import { inboxPulse } from "@/lib/conversations/inbox-pulse";
import { unreadConversations } from "@/lib/conversations/unread-conversations";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { UUID_PATTERN } from "@/lib/ids/uuid";

/** the tabs show "999+" past this */
const COUNT_CAP = 999;

/**
 * The organization's open conversations (not resolved, assigned or not: "assigned" is a filter)
 * or its resolved ones, by last activity — the latest message either way, the customer's or the
 * business's (a reply, a single send, a broadcast; lib/messages/outbound-conversation-sql.ts and
 * lib/conversations/touch-conversation.ts keep lastActivityAt) — then by id, so rows of the same
 * instant keep one order across refetches and pages. Keyset pages over (last_activity_at, id):
 * the partial index conversations_open_activity_idx for the open view, (organization_id, status,
 * last_activity_at) for the resolved one. Each row carries its contact, channel, assignee, latest
 * message and whether it is unread for the signed-in staff member; the open view's sizes come along.
 */
export async function listConversations(
  organizationId: string,
  userId: string,
  query: ConversationsQuery,
): Promise<ConversationsPageJson> {
  const cursor = decodeCursor(query.cursor, UUID_PATTERN);
  const open: Prisma.ConversationWhereInput = { organizationId, status: { not: "resolved" } };
  const assignee: Prisma.ConversationWhereInput =
    query.assignee === "me"
      ? { assigneeId: userId }
      : query.assignee === "none"
        ? { assigneeId: null }
        : query.assignee === "any"
          ? { assigneeId: { not: null } }
          : {};
  const where: Prisma.ConversationWhereInput = {
    ...(query.view === "open" ? open : { organizationId, status: "resolved" }),
    ...assignee,
  };
  const page: Prisma.ConversationWhereInput = cursor
    ? {
        AND: [
          where,
          {
            OR: [{ lastActivityAt: { lt: cursor.at } }, { lastActivityAt: cursor.at, id: { lt: cursor.id } }],
          },
        ],
      }
    : where;
  // read first: a change after it makes the page newer than its token (one refetch too many), never older
  const { list: pulse } = await inboxPulse(organizationId);
  const count = (more: Prisma.ConversationWhereInput) =>
    db().conversation.count({ where: { ...open, ...more }, take: COUNT_CAP + 1 });
  const [rows, openCount, mine, unassigned] = await Promise.all([
    db().conversation.findMany({
      where: page,
      orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      include: conversationRowInclude,
    }),
    count({}),
    count({ assigneeId: userId }),
    count({ assigneeId: null }),
  ]);
  const shown = rows.slice(0, query.limit);
  const unread = await unreadConversations(
    organizationId,
    userId,
    shown.map((c) => c.id),
  );
  const last = shown.at(-1);
  return {
    conversations: shown.map((c) => toConversationRow(c, unread.has(c.id))),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.lastActivityAt, last.id) : null,
    counts: { open: openCount, mine, unassigned },
    pulse,
  };
}
