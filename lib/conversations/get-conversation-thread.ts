import "#server-only";
import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { routingInUse } from "@/lib/channels/read-routing-roles";
import { toConversationRow } from "@/lib/conversations/conversation-row";
import {
  THREAD_LIMIT,
  type ThreadCallJson,
  type ThreadJson,
  type ThreadMessageJson,
} from "@/lib/conversations/conversation-schemas";
import { DELETED_TEXT, toContentView } from "@/lib/conversations/message-view";
import { inboxPulse, unreadConversations } from "@/lib/conversations/repository/inbox";
import {
  findThreadContact,
  findThreadConversation,
  lastTemplateLanguage,
  listThreadCalls,
  listThreadMessages,
  type ThreadCallsConversation,
  type ThreadMessage,
} from "@/lib/conversations/repository/thread";
import { threadMedia } from "@/lib/conversations/thread-media";
import { safeLink, storedReferral } from "@/lib/events/referral";
import { isUuid } from "@/lib/ids/uuid";
import { SESSION_WINDOW_MS } from "@/lib/messages/session-window";
import { staffNames } from "@/lib/users/repository";

const iso = (d: Date | null) => d?.toISOString() ?? null;

const SOURCES = new Set(["business_app", "history"]);

function toThreadMessage(m: ThreadMessage): ThreadMessageJson {
  const deleted = m.deletedAt !== null;
  const view = toContentView(m.type, m.content, m);
  return {
    id: m.id,
    direction: m.direction,
    type: m.type,
    // a message deleted for everyone is shown as deleted, never its text
    content: deleted ? { kind: "text", text: DELETED_TEXT } : view,
    media: threadMedia(view, m.media, deleted),
    status: m.status,
    pacing: m.pacing,
    error: m.errorCode || m.errorMessage ? { code: m.errorCode, message: m.errorMessage } : null,
    pricing_category: m.pricingCategory,
    pricing_billable: m.pricingBillable,
    source: m.source !== null && SOURCES.has(m.source) ? (m.source as "business_app" | "history") : null,
    broadcast: m.broadcast,
    edited:
      !deleted && m.editedContent !== null && m.editedAt
        ? { content: toContentView(m.type, m.editedContent), at: m.editedAt.toISOString() }
        : null,
    deleted_at: iso(m.deletedAt),
    referral: threadReferral(m.referral),
    created_at: m.createdAt.toISOString(),
    sent_at: iso(m.sentAt),
    delivered_at: iso(m.deliveredAt),
    read_at: iso(m.readAt),
    failed_at: iso(m.failedAt),
  };
}

function threadReferral(stored: unknown): ThreadMessageJson["referral"] {
  const r = storedReferral(stored);
  return r ? { headline: r.headline, source_url: safeLink(r.sourceUrl), source_type: r.sourceType } : null;
}

/**
 * The conversation's calls: those linked to it, and the customer's calls on its channel while it
 * was open that no conversation held (a customer who called before writing). At most THREAD_LIMIT.
 */
async function threadCalls(
  organizationId: string,
  conversation: ThreadCallsConversation,
): Promise<ThreadCallJson[]> {
  const rows = await listThreadCalls(organizationId, conversation, THREAD_LIMIT);
  const names = await staffNames(
    organizationId,
    rows.map((r) => r.answeredBy).filter((a): a is string => a !== null && isUuid(a)),
  );
  return rows.map((r) => ({
    id: r.id,
    direction: r.direction === "business_initiated" ? "business_initiated" : "user_initiated",
    state: r.state,
    answered_by:
      r.answeredBy === null
        ? null
        : r.answeredBy === "api"
          ? "API"
          : (names.get(r.answeredBy) ?? "a former staff member"),
    duration_seconds: r.durationSeconds,
    started_at: r.startedAt.toISOString(),
  }));
}

/** The conversation's id from a path, or 404 (a malformed uuid must not reach PostgreSQL). */
export function conversationId(raw: string): string {
  const id = z.uuid().safeParse(raw);
  if (!id.success) throw new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id" });
  return id.data;
}

/**
 * One conversation of the organization with its latest THREAD_LIMIT messages, oldest first
 * (messages(conversation_id, created_at)), each with its status times; 404 for another
 * organization's id. `unread` is the staff member's (`userId`) marker; false without one.
 */
export async function getConversationThread(
  organizationId: string,
  rawId: string,
  userId?: string,
): Promise<ThreadJson> {
  const id = conversationId(rawId);
  // read first, as the list does (lib/conversations/list-conversations.ts)
  const { thread: pulse } = await inboxPulse(organizationId, id);
  const conversation = await findThreadConversation(organizationId, id);
  if (!conversation) throw new ApiError("RESOURCE_NOT_FOUND", "No such conversation.", { field: "id" });
  const [newest, contact, lastTemplate, unread] = await Promise.all([
    listThreadMessages(organizationId, id, THREAD_LIMIT + 1),
    findThreadContact(organizationId, conversation.contactId),
    // any channel's: the customer reads the language wherever it came from
    lastTemplateLanguage(organizationId, conversation.contactId),
    userId ? unreadConversations(organizationId, userId, [id]) : new Set<string>(),
  ]);
  const calls = await threadCalls(organizationId, conversation);
  const lastInbound = contact?.lastInboundAt;
  return {
    conversation: {
      ...toConversationRow(conversation, unread.has(id)),
      assigned_at: iso(conversation.assignedAt),
      resolved_at: iso(conversation.resolvedAt),
      resolved_by: conversation.resolvedBy,
    },
    messages: newest.slice(0, THREAD_LIMIT).reverse().map(toThreadMessage),
    calls,
    has_earlier: newest.length > THREAD_LIMIT,
    window_open_until: lastInbound ? new Date(lastInbound.getTime() + SESSION_WINDOW_MS).toISOString() : null,
    routed:
      conversation.owner === "other" || (conversation.channel !== null && routingInUse(conversation.channel)),
    customer: {
      marketing_opt_out: contact?.marketingOptOut ?? false,
      marketing_opt_out_at: iso(contact?.marketingOptOutAt ?? null),
      marketing_opt_out_source: contact?.marketingOptOutSource ?? null,
      last_template_language: lastTemplate,
    },
    pulse,
  };
}
