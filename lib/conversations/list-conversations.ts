import "#server-only";
import { decodeCursor, encodeCursor } from "@/lib/api/pagination";
import { toConversationRow } from "@/lib/conversations/conversation-row";
import type { ConversationsPageJson, ConversationsQuery } from "@/lib/conversations/conversation-schemas";
import {
  countOpenConversations,
  inboxPulse,
  listConversationRows,
  unreadConversations,
} from "@/lib/conversations/repository/inbox";
import { UUID_PATTERN } from "@/lib/ids/uuid";

/** the tabs show "999+" past this */
const COUNT_CAP = 999;

/**
 * The organization's open conversations (not resolved, assigned or not: "assigned" is a filter)
 * or its resolved ones, by last activity — the latest message either way, the customer's or the
 * business's (a reply, a single send, a broadcast; lib/messages/repository/outbound.ts and
 * lib/conversations/touch-conversation.ts keep lastActivityAt) — then by id, so rows of the same
 * instant keep one order across refetches and pages. Keyset pages over (last_activity_at, id)
 * (lib/conversations/repository/inbox.ts). Each row carries its contact, channel, assignee, latest
 * message and whether it is unread for the signed-in staff member; the open view's sizes come along.
 */
export async function listConversations(
  organizationId: string,
  userId: string,
  query: ConversationsQuery,
): Promise<ConversationsPageJson> {
  const cursor = decodeCursor(query.cursor, UUID_PATTERN);
  // read first: a change after it makes the page newer than its token (one refetch too many), never older
  const { list: pulse } = await inboxPulse(organizationId);
  const [rows, counts] = await Promise.all([
    listConversationRows(organizationId, {
      view: query.view,
      userId,
      assignee: query.assignee,
      after: cursor,
      limit: query.limit,
    }),
    countOpenConversations(organizationId, userId, COUNT_CAP),
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
    counts,
    pulse,
  };
}
