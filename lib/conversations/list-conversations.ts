import "#server-only";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import { conversationRowInclude, toConversationRow } from "@/lib/conversations/conversation-row";
import type { ConversationsPageJson, ConversationsQuery } from "@/lib/conversations/conversation-schemas";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { UUID_PATTERN } from "@/lib/ids/uuid";

/** the tabs show "999+" past this */
const COUNT_CAP = 999;

/**
 * One status of the organization's conversations, most recent activity first, by keyset pages
 * over conversations(organization_id, status, last_activity_at). Each row carries its contact,
 * channel, assignee and latest message. The queue sizes (open, assigned) come along for the tabs.
 */
export async function listConversations(
  organizationId: string,
  userId: string,
  query: ConversationsQuery,
): Promise<ConversationsPageJson> {
  const cursor = decodeCursor(query.cursor, UUID_PATTERN);
  const where: Prisma.ConversationWhereInput = {
    organizationId,
    status: query.status,
    ...(query.assignee === "me" ? { assigneeId: userId } : {}),
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
  const [rows, open, assigned] = await Promise.all([
    db().conversation.findMany({
      where: page,
      orderBy: [{ lastActivityAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      include: conversationRowInclude,
    }),
    db().conversation.count({ where: { organizationId, status: "open" }, take: COUNT_CAP + 1 }),
    db().conversation.count({ where: { organizationId, status: "assigned" }, take: COUNT_CAP + 1 }),
  ]);
  const shown = rows.slice(0, query.limit);
  const last = shown.at(-1);
  return {
    conversations: shown.map(toConversationRow),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.lastActivityAt, last.id) : null,
    counts: { open, assigned },
  };
}
