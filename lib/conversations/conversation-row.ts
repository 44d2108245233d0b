import type { ConversationRowJson, Person } from "@/lib/conversations/conversation-schemas";
import { DELETED_TEXT, previewText, toContentView } from "@/lib/conversations/message-view";
import type { Conversation } from "@/lib/generated/prisma/client.ts";

export const personSelect = { select: { id: true, name: true, email: true } } as const;

/** The relations a conversation row is drawn with (one query, the latest message included). */
export const conversationRowInclude = {
  contact: { select: { id: true, name: true, phone: true, bsuid: true, username: true, blockedAt: true } },
  channel: { select: { id: true, name: true } },
  assignee: personSelect,
  messages: {
    orderBy: { createdAt: "desc" },
    take: 1,
    select: {
      direction: true,
      type: true,
      content: true,
      createdAt: true,
      renderedHeader: true,
      renderedBody: true,
      deletedAt: true,
    },
  },
} as const;

export type ConversationWithRow = Conversation & {
  contact: {
    id: string;
    name: string | null;
    phone: string | null;
    bsuid: string | null;
    username: string | null;
    blockedAt: Date | null;
  };
  channel: { id: string; name: string } | null;
  assignee: Person | null;
  messages: {
    direction: "inbound" | "outbound";
    type: string;
    content: unknown;
    createdAt: Date;
    renderedHeader: string | null;
    renderedBody: string | null;
    deletedAt: Date | null;
  }[];
};

/** A conversation as the inbox lists it; `unread` for the staff member asking (lib/conversations/repository/inbox.ts). */
export function toConversationRow(c: ConversationWithRow, unread: boolean): ConversationRowJson {
  const last = c.messages[0];
  return {
    id: c.id,
    status: c.status,
    contact: {
      id: c.contact.id,
      name: c.contact.name,
      phone: c.contact.phone,
      bsuid: c.contact.bsuid,
      username: c.contact.username,
      blocked: c.contact.blockedAt !== null,
    },
    channel: c.channel ? { id: c.channel.id, name: c.channel.name } : null,
    assignee: c.assignee,
    owner: { owner: c.owner === "other" ? "other" : "us", app_id: c.ownerAppId },
    opened_at: c.openedAt.toISOString(),
    // the list's order: the latest message either way (every path that stores one moves it)
    last_activity_at: c.lastActivityAt.toISOString(),
    last_message: last
      ? {
          direction: last.direction,
          preview: last.deletedAt
            ? DELETED_TEXT
            : previewText(
                toContentView(last.type, last.content, {
                  ...last,
                  renderedFooter: null,
                  renderedButtons: null,
                }),
              ).slice(0, 140),
          at: last.createdAt.toISOString(),
        }
      : null,
    unread,
  };
}
