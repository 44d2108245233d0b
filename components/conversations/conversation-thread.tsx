"use client";

import { Fragment, useEffect, useRef } from "react";
import { ContactStatusBadges } from "@/components/contacts/contact-status-badges";
import { AssignControl } from "@/components/conversations/assign-control";
import { BlockControl } from "@/components/conversations/block-control";
import { contactLabel } from "@/components/conversations/conversation-list";
import { MessageBubble } from "@/components/conversations/message-bubble";
import { ReplyComposer } from "@/components/conversations/reply-composer";
import { StatusBadge } from "@/components/conversations/status-badge";
import { dayKey, dayLabel } from "@/components/conversations/thread-days";
import {
  useConversationThread,
  useMarkConversationRead,
  useResolveConversation,
} from "@/components/conversations/use-conversations";
import { DashboardRequestError, errorMessage } from "@/components/lib/fetch-json";
import { formatDateTime } from "@/components/lib/format";
import { Button } from "@/components/ui/button";
import { Loading } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";

/** The selected conversation: who, where, its state, assign and resolve, and the message thread. */
export function ConversationThread({ id, userId }: { id: string; userId: string }) {
  const thread = useConversationThread(id);
  const resolve = useResolveConversation();
  const markRead = useMarkConversationRead();
  const { mutate: markOpened } = markRead;
  const toast = useToast();
  const end = useRef<HTMLLIElement>(null);
  const count = thread.data?.messages.length ?? 0;

  // opening a thread (and a new customer message in it) marks it read, when the organization chose so
  const newestInbound = thread.data?.messages.filter((m) => m.direction === "inbound").at(-1)?.id;
  useEffect(() => {
    if (newestInbound) markOpened(id);
  }, [id, newestInbound, markOpened]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives
  useEffect(() => {
    end.current?.scrollIntoView({ block: "nearest" });
  }, [count, id]);

  if (thread.isPending) return <Loading label="Loading the conversation" />;
  if (thread.isError) {
    const gone = thread.error instanceof DashboardRequestError && thread.error.status === 404;
    return gone ? (
      <EmptyState title="Conversation not found">
        It may belong to another organization or be deleted.
      </EmptyState>
    ) : (
      <ErrorState
        title="Could not load the conversation"
        message={errorMessage(thread.error)}
        onRetry={() => thread.refetch()}
      />
    );
  }
  const { conversation: c, messages, has_earlier, window_open_until, customer } = thread.data;
  return (
    <section
      aria-labelledby="thread-title"
      className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white"
    >
      <header className="space-y-3 border-b border-slate-200 px-5 py-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="thread-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
              {contactLabel(c.contact)} <StatusBadge status={c.status} />
            </h2>
            <ContactStatusBadges contact={{ ...customer, blocked: c.contact.blocked }} className="my-1" />
            <p className="text-sm text-slate-600">
              {c.contact.username ? <span title="WhatsApp username">{c.contact.username} · </span> : null}
              {c.contact.phone ? <span className="font-mono">{c.contact.phone}</span> : null}
              {!c.contact.phone && c.contact.bsuid ? (
                <span className="font-mono">WhatsApp user ID {c.contact.bsuid}</span>
              ) : null}
              {c.channel ? ` · via ${c.channel.name}` : ""} · opened {formatDateTime(c.opened_at)}
            </p>
            <p className="text-sm text-slate-600">
              {c.assignee
                ? `Assigned to ${c.assignee.name ?? c.assignee.email} ${formatDateTime(c.assigned_at, "")}`
                : "Not assigned"}
              {c.resolved_at
                ? ` · Resolved ${formatDateTime(c.resolved_at)}${c.resolved_by ? ` by ${c.resolved_by.name ?? c.resolved_by.email}` : ""}`
                : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <BlockControl
              contactId={c.contact.id}
              name={contactLabel(c.contact)}
              blocked={c.contact.blocked}
            />
            <Button
              variant="secondary"
              disabled={c.status === "resolved"}
              loading={resolve.isPending}
              onClick={() =>
                resolve.mutate(c.id, {
                  onSuccess: () => toast.show("Conversation resolved."),
                  onError: (error) => toast.show(errorMessage(error), "error"),
                })
              }
            >
              {c.status === "resolved" ? "Resolved" : "Resolve"}
            </Button>
          </div>
        </div>
        <AssignControl
          key={c.assignee?.id ?? "none"}
          conversationId={c.id}
          currentAssigneeId={c.assignee?.id ?? null}
          userId={userId}
        />
      </header>
      <ol
        aria-label="Messages"
        className="relative max-h-[60vh] min-h-48 space-y-3 overflow-y-auto bg-slate-50 px-5 py-4"
      >
        {has_earlier ? (
          <li className="text-center text-xs text-slate-500">
            Showing the latest {messages.length} messages.
          </li>
        ) : null}
        {messages.length === 0 ? (
          <li className="text-center text-sm text-slate-500">No messages yet.</li>
        ) : null}
        {messages.map((m, i) => {
          const previous = messages[i - 1];
          const newDay = !previous || dayKey(previous.created_at) !== dayKey(m.created_at);
          return (
            <Fragment key={m.id}>
              {newDay ? (
                <li className="flex items-center gap-3 py-1 text-xs font-medium text-slate-600">
                  <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                  <time dateTime={m.created_at}>{dayLabel(m.created_at)}</time>
                  <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                </li>
              ) : null}
              <MessageBubble message={m} />
            </Fragment>
          );
        })}
        <li ref={end} aria-hidden="true" />
      </ol>
      {c.contact.blocked ? (
        <p className="border-t border-slate-200 px-5 py-4 text-sm text-slate-700">
          This customer is blocked: nothing can be sent to them. Unblock them to reply.
        </p>
      ) : (
        <ReplyComposer
          key={c.id}
          conversationId={c.id}
          channelId={c.channel?.id ?? null}
          windowOpenUntil={window_open_until}
          customerLanguage={customer.last_template_language}
        />
      )}
    </section>
  );
}
