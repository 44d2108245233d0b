import "#server-only";
import { conversationRowInclude, personSelect } from "@/lib/conversations/conversation-row";
import { db } from "@/lib/db";
import type { Call, Conversation, Media, Message } from "@/lib/generated/prisma/client.ts";

/**
 * A conversation's thread as the inbox shows it (docs/architecture.md "Repositories"): the
 * conversation and, whole, the thread's reads of `messages`, `calls` and `contacts`, which belong
 * to it. Every function takes the organization first and reads only that organization's rows.
 */

export type ThreadMessage = Message & { broadcast: { id: string; name: string } | null; media: Media | null };

/** The conversation with what its row is drawn with, its channel's routing and who resolved it, or null. */
export function findThreadConversation(organizationId: string, id: string) {
  return db().conversation.findFirst({
    where: { id, organizationId },
    include: {
      ...conversationRowInclude,
      channel: {
        select: { id: true, name: true, routingRoles: true, routingStandby: true, routingCheckedAt: true },
      },
      resolvedBy: personSelect,
    },
  });
}

/** The conversation's latest `take` messages, newest first (messages(conversation_id, created_at)). */
export function listThreadMessages(
  organizationId: string,
  conversationId: string,
  take: number,
): Promise<ThreadMessage[]> {
  return db().message.findMany({
    where: { conversationId, organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: { broadcast: { select: { id: true, name: true } }, media: true },
  });
}

/** The contact's 24-hour window and marketing consent, or null. */
export function findThreadContact(organizationId: string, contactId: string) {
  return db().contact.findFirst({
    where: { id: contactId, organizationId },
    select: {
      lastInboundAt: true,
      marketingOptOut: true,
      marketingOptOutAt: true,
      marketingOptOutSource: true,
    },
  });
}

/** The language of the latest template sent to the contact, on any channel, or null. */
export async function lastTemplateLanguage(
  organizationId: string,
  contactId: string,
): Promise<string | null> {
  const message = await db().message.findFirst({
    where: { organizationId, contactId, direction: "outbound", templateLanguage: { not: null } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { templateLanguage: true },
  });
  return message?.templateLanguage ?? null;
}

/** What of a conversation says which calls are its thread's (listThreadCalls). */
export type ThreadCallsConversation = Pick<
  Conversation,
  "id" | "contactId" | "channelId" | "openedAt" | "resolvedAt"
>;

/**
 * The conversation's calls: those linked to it, and the customer's calls on its channel while it
 * was open that no conversation held (a customer who called before writing). At most `take`.
 */
export function listThreadCalls(
  organizationId: string,
  conversation: ThreadCallsConversation,
  take: number,
): Promise<Call[]> {
  return db().call.findMany({
    where: {
      organizationId,
      OR: [
        { conversationId: conversation.id },
        {
          conversationId: null,
          contactId: conversation.contactId,
          ...(conversation.channelId ? { channelId: conversation.channelId } : {}),
          startedAt: {
            gte: conversation.openedAt,
            ...(conversation.resolvedAt ? { lte: conversation.resolvedAt } : {}),
          },
        },
      ],
    },
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    take,
  });
}
