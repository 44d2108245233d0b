import { z } from "zod";
import type { Role } from "@/lib/auth/roles";
import type { ContentView } from "@/lib/conversations/message-view";
import type { ThreadMediaJson } from "@/lib/conversations/thread-media";

export const CONVERSATION_STATUSES = ["open", "assigned", "resolved"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The inbox's two views: "open" is every conversation not resolved, assigned or not. */
export const INBOX_VIEWS = ["open", "resolved"] as const;
export type InboxView = (typeof INBOX_VIEWS)[number];

/** Who a conversation of the view is assigned to: the signed-in staff member, nobody, anybody. */
export const ASSIGNEE_FILTERS = ["me", "none", "any"] as const;
export type AssigneeFilter = (typeof ASSIGNEE_FILTERS)[number];

export const conversationsQuery = z
  .object({
    // "assigned" (older links) is the open view filtered to assigned conversations: assigning
    // a conversation does not take it out of the open ones
    status: z.enum(CONVERSATION_STATUSES).default("open"),
    assignee: z.enum(ASSIGNEE_FILTERS).optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  })
  .transform(({ status, assignee, ...rest }) => ({
    ...rest,
    view: (status === "resolved" ? "resolved" : "open") as InboxView,
    assignee: assignee ?? (status === "assigned" ? ("any" as const) : undefined),
  }));

export type ConversationsQuery = z.output<typeof conversationsQuery>;

/** The inbox poll: what changed since the tokens the page holds (lib/conversations/repository/inbox.ts). */
export const pulseQuery = z.object({
  /** the open thread, whose messages' changes are watched too */
  conversation_id: z.uuid().optional(),
});

export type InboxPulseJson = {
  /** changes whenever a conversation of the organization changes (a message, an assignment, …) */
  list: string;
  /** changes whenever a message of the open thread arrives or changes status; null without one */
  thread: string | null;
};

/** Opening a thread: whether the customer's messages were marked read upstream, and why not. */
export type ConversationReadResult =
  | { marked: true; messageId: string }
  | { marked: false; reason: "setting off" | "nothing unread" | "upstream refused"; message?: string };

/** What opening a thread did: the staff member's own read marker, and the upstream mark-read. */
export type ConversationOpenedJson = ConversationReadResult & {
  /** created_at of the newest customer message now read by this staff member (null: none yet) */
  read_up_to: string | null;
};

export const assignBody = z.object({ assignee_id: z.uuid("choose a staff member") });

export type Person = { id: string; name: string | null; email: string };

/** A staff member, for the assignee picker. */
export type StaffJson = Person & { role: Role };

export type ConversationRowJson = {
  id: string;
  status: ConversationStatus;
  contact: {
    id: string;
    name: string | null;
    phone: string | null;
    bsuid: string | null;
    username: string | null;
    blocked: boolean;
  };
  channel: { id: string; name: string } | null;
  assignee: Person | null;
  /** who answers it under Meta's conversation routing (lib/conversations/repository/owner.ts) */
  owner: { owner: "us" | "other"; app_id: string | null };
  opened_at: string;
  last_activity_at: string;
  last_message: { direction: "inbound" | "outbound"; preview: string; at: string } | null;
  /** the customer wrote after the signed-in staff member last opened it (per staff member) */
  unread: boolean;
};

export type ConversationsPageJson = {
  conversations: ConversationRowJson[];
  next_cursor: string | null;
  /** the open view's sizes (capped at 1,000), for the tabs and the assignee filter */
  counts: { open: number; mine: number; unassigned: number };
  /** the poll's list token as it was just before this page was read (InboxPulseJson.list) */
  pulse: string;
};

export type MessageStatus = "queued" | "sending" | "sent" | "delivered" | "read" | "failed";

export type ThreadMessageJson = {
  id: string;
  direction: "inbound" | "outbound";
  type: string;
  content: ContentView;
  /** the file of a media message (lib/conversations/thread-media.ts); null for every other message */
  media: ThreadMediaJson | null;
  status: MessageStatus;
  /** Meta's template pacing: accepted (`sent`) but held for a quality check, or paused; null otherwise */
  pacing: "held" | "paused" | null;
  error: { code: string | null; message: string | null } | null;
  /** the upstream's pricing category of an outbound message (marketing, utility, service, …), once reported */
  pricing_category: string | null;
  /** whether Meta bills it (false for free entry points), once reported */
  pricing_billable: boolean | null;
  /** null: sent or received through this service; business_app: sent from the WhatsApp Business app; history: synced */
  source: "business_app" | "history" | null;
  /** the broadcast that sent it (its name now); null for every other message */
  broadcast: { id: string; name: string } | null;
  /** the latest edit (the original stays in `content`) */
  edited: { content: ContentView; at: string } | null;
  /** deleted for everyone: `content` is no longer shown */
  deleted_at: string | null;
  /** an inbound message written from a click-to-WhatsApp ad: the ad's headline and link (http(s) only) */
  referral: { headline: string | null; source_url: string | null; source_type: string | null } | null;
  created_at: string;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
};

/** A voice call in the thread (lib/calls): who called, who answered, how long, or missed. */
export type ThreadCallJson = {
  id: string;
  direction: "user_initiated" | "business_initiated";
  /** ringing, accepted, connected, rejected, missed, ended, failed */
  state: string;
  /** "API", a staff member's name (or e-mail), or null when nobody answered */
  answered_by: string | null;
  duration_seconds: number | null;
  started_at: string;
};

export type ThreadJson = {
  conversation: ConversationRowJson & {
    assigned_at: string | null;
    resolved_at: string | null;
    resolved_by: Person | null;
  };
  messages: ThreadMessageJson[];
  /** the customer's voice calls during this conversation, oldest first */
  calls: ThreadCallJson[];
  /** older messages exist than the ones shown */
  has_earlier: boolean;
  /** when the customer's 24-hour window closes (free text allowed until then); null: never wrote */
  window_open_until: string | null;
  /** the contact's marketing opt-out and the language of the last template they were sent */
  customer: ThreadCustomerJson;
  /**
   * conversation routing concerns it: its channel shares the number with another responder (as
   * the routing roles last read say), or another responder answers it; the thread shows its owner
   */
  routed: boolean;
  /** the poll's thread token as it was just before this thread was read (InboxPulseJson.thread) */
  pulse: string | null;
};

export type ThreadCustomerJson = {
  marketing_opt_out: boolean;
  marketing_opt_out_at: string | null;
  marketing_opt_out_source: string | null;
  /** lib/templates/default-language.ts: the template picker offers it first */
  last_template_language: string | null;
};

export const THREAD_LIMIT = 200;
