import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { EVERYONE } from "@/lib/auth/roles";
import {
  assignBody,
  type ConversationOpenedJson,
  type ConversationStatus,
  type ConversationsPageJson,
  conversationsQuery,
  type InboxPulseJson,
  pulseQuery,
  type StaffJson,
  type ThreadJson,
} from "@/lib/conversations/conversation-schemas";
import { replyBody } from "@/lib/conversations/reply-schemas";
import type { ThreadControlResult } from "@/lib/conversations/thread-control-schemas";

const idParams = z.object({ id: z.string() });

/** The Conversations page's routes (app/api/dashboard/conversations, users): every staff member. */
export const CONVERSATION_DASHBOARD = declareDashboardEndpoints({
  /** open (assigned or not) or resolved, filtered by assignee, latest message first then id, by keyset pages */
  listConversations: {
    method: "GET",
    path: "/api/dashboard/conversations",
    roles: EVERYONE,
    query: conversationsQuery,
    answer: answer<ConversationsPageJson>(),
    status: 200,
  },
  /** the conversation and its latest messages with their statuses; 404 for another organization's */
  getThread: {
    method: "GET",
    path: "/api/dashboard/conversations/{id}",
    roles: EVERYONE,
    params: idParams,
    answer: answer<ThreadJson>(),
    status: 200,
  },
  /** to a staff member of the organization (conversation.assigned) */
  assign: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/assign",
    roles: EVERYONE,
    params: idParams,
    body: assignBody,
    answer: answer<{ id: string; status: ConversationStatus; assignee_id: string | null }>(),
    status: 200,
  },
  /** resolved by the signed-in staff member (conversation.resolved) */
  resolve: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/resolve",
    roles: EVERYONE,
    params: idParams,
    answer: answer<{ id: string; status: ConversationStatus }>(),
    status: 200,
  },
  /** back to open after a resolve, by any staff member (conversation.reopened); 409 when a newer one is open */
  reopen: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/reopen",
    roles: EVERYONE,
    params: idParams,
    answer: answer<{ id: string; status: ConversationStatus }>(),
    status: 200,
  },
  /**
   * staff opened it: read for this staff member (their unread marker), and marked read upstream
   * when the organization chose so (a call upstream counts as a send)
   */
  markRead: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/read",
    roles: EVERYONE,
    params: idParams,
    answer: answer<ConversationOpenedJson>(),
    status: 200,
  },
  /** the inbox's short poll: tokens that change when the list or the open thread would */
  pulse: {
    method: "GET",
    path: "/api/dashboard/conversations/pulse",
    roles: EVERYONE,
    query: pulseQuery,
    answer: answer<InboxPulseJson>(),
    status: 200,
  },
  /** conversation routing: take it from the other responder (WhatsApp's thread control) */
  take: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/take",
    roles: EVERYONE,
    params: idParams,
    answer: answer<ThreadControlResult>(),
    status: 200,
  },
  /** conversation routing: hand it back (WhatsApp's routing decides who answers next) */
  release: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/release",
    roles: EVERYONE,
    params: idParams,
    answer: answer<ThreadControlResult>(),
    status: 200,
  },
  /** text inside the 24-hour window, a template outside it; counted against the dashboard's send limits */
  reply: {
    method: "POST",
    path: "/api/dashboard/conversations/{id}/messages",
    roles: EVERYONE,
    params: idParams,
    body: replyBody,
    limit: "send",
    answer: answer<{ messageId: string; status: "sent" }>(),
    status: 200,
  },
  /** the organization's staff (name, e-mail, role): the assignee picker */
  listStaff: {
    method: "GET",
    path: "/api/dashboard/users",
    roles: EVERYONE,
    answer: answer<{ users: StaffJson[] }>(),
    status: 200,
  },
});
