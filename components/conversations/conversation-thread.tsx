"use client";

import { Fragment, useEffect, useRef } from "react";
import { ContactStatusBadges } from "@/components/contacts/contact-status-badges";
import { AssignControl } from "@/components/conversations/assign-control";
import { BlockControl } from "@/components/conversations/block-control";
import { CallEntry } from "@/components/conversations/call-entry";
import { contactLabel } from "@/components/conversations/conversation-list";
import { MessageBubble } from "@/components/conversations/message-bubble";
import { OwnerControl, otherResponderLabel } from "@/components/conversations/owner-control";
import { ReplyComposer } from "@/components/conversations/reply-composer";
import { StatusBadge } from "@/components/conversations/status-badge";
import {
  useConversationThread,
  useMarkConversationRead,
  useReopenConversation,
  useResolveConversation,
} from "@/components/conversations/use-conversations";
import { DashboardRequestError, errorMessage } from "@/components/lib/fetch-json";
import { Button } from "@/components/ui/button";
import { Loading } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { dayKey, dayLabel, inboxTime, inboxTimeFull } from "@/lib/conversations/inbox-time";

function When({ at }: { at: string }) {
  return (
    <time dateTime={at} title={inboxTimeFull(at)}>
      {inboxTime(at)}
    </time>
  );
}

/**
 * The selected conversation: who, where, its state, one row of controls (assignee, resolve or
 * reopen, block), the messages and the reply box, sized so that the reply box is in view when
 * the thread opens (1280×800, a phone) and the messages scroll between.
 */
export function ConversationThread({ id, userId }: { id: string; userId: string }) {
  const thread = useConversationThread(id);
  const resolve = useResolveConversation();
  const reopen = useReopenConversation();
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
  const { conversation: c, messages, has_earlier, window_open_until, customer, routed } = thread.data;
  // messages and calls in one timeline, by time (a thread read before calls existed has none)
  const timeline = [
    ...messages.map((m) => ({ at: m.created_at, key: m.id, node: <MessageBubble message={m} /> })),
    ...(thread.data.calls ?? []).map((call) => ({
      at: call.started_at,
      key: `call-${call.id}`,
      node: <CallEntry call={call} />,
    })),
  ].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
  return (
    <section
      aria-labelledby="thread-title"
      className="flex min-h-0 flex-col rounded-lg border border-slate-200 bg-white"
    >
      <header className="space-y-2 border-b border-slate-200 px-3 py-3 sm:px-5">
        <div>
          <h2
            id="thread-title"
            className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900"
          >
            {contactLabel(c.contact)} <StatusBadge status={c.status} />
          </h2>
          <ContactStatusBadges contact={{ ...customer, blocked: c.contact.blocked }} className="my-1" />
          <p className="text-sm text-slate-600">
            {c.contact.username ? <span title="WhatsApp username">{c.contact.username} · </span> : null}
            {c.contact.phone ? <span className="font-mono">{c.contact.phone}</span> : null}
            {!c.contact.phone && c.contact.bsuid ? (
              <span className="font-mono">WhatsApp user ID {c.contact.bsuid}</span>
            ) : null}
            {c.channel ? ` · via ${c.channel.name}` : ""} · opened <When at={c.opened_at} />
            {c.assignee && c.assigned_at ? (
              <>
                {" "}
                · assigned <When at={c.assigned_at} />
              </>
            ) : null}
            {c.resolved_at ? (
              <>
                {" "}
                · resolved <When at={c.resolved_at} />
                {c.resolved_by ? ` by ${c.resolved_by.name ?? c.resolved_by.email}` : ""}
              </>
            ) : null}
          </p>
        </div>
        <fieldset className="flex flex-wrap items-center gap-2">
          <legend className="sr-only">Conversation actions</legend>
          <AssignControl
            key={c.assignee?.id ?? "none"}
            conversationId={c.id}
            currentAssigneeId={c.assignee?.id ?? null}
            userId={userId}
          />
          {c.status === "resolved" ? (
            <Button
              size="sm"
              variant="secondary"
              loading={reopen.isPending}
              onClick={() =>
                reopen.mutate(c.id, {
                  onSuccess: () => toast.show("Conversation reopened."),
                  onError: (error) => toast.show(errorMessage(error), "error"),
                })
              }
            >
              Reopen
            </Button>
          ) : (
            <Button
              size="sm"
              variant="secondary"
              loading={resolve.isPending}
              onClick={() =>
                resolve.mutate(c.id, {
                  onSuccess: () => toast.show("Conversation resolved."),
                  onError: (error) => toast.show(errorMessage(error), "error"),
                })
              }
            >
              Resolve
            </Button>
          )}
          <BlockControl contactId={c.contact.id} name={contactLabel(c.contact)} blocked={c.contact.blocked} />
        </fieldset>
        {routed ? <OwnerControl conversationId={c.id} owner={c.owner} /> : null}
      </header>
      <ol
        aria-label="Messages"
        // a scrollable region is reached by keyboard even when no message holds a link (axe:
        // scrollable-region-focusable); a thread of a completed Flow answer has none
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard scrolling of the thread (WCAG 2.1.1)
        tabIndex={0}
        // what is left of the screen under the page's and the thread's headers, above the reply box
        // (below lg the assignee takes a row of its own on a phone: 2.5rem more than at lg)
        className="relative max-h-[max(10rem,calc(100dvh-31.5rem))] min-h-40 space-y-3 overflow-y-auto bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 px-3 py-3 sm:px-5 lg:max-h-[max(10rem,calc(100dvh-31rem))]"
      >
        {has_earlier ? (
          <li className="text-center text-xs text-slate-500">
            Showing the latest {messages.length} messages.
          </li>
        ) : null}
        {timeline.length === 0 ? (
          <li className="text-center text-sm text-slate-500">No messages yet.</li>
        ) : null}
        {timeline.map((item, i) => {
          const previous = timeline[i - 1];
          const newDay = !previous || dayKey(previous.at) !== dayKey(item.at);
          return (
            <Fragment key={item.key}>
              {newDay ? (
                <li className="flex items-center gap-3 py-1 text-xs font-medium text-slate-600">
                  <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                  <time dateTime={item.at}>{dayLabel(item.at)}</time>
                  <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                </li>
              ) : null}
              {item.node}
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
          otherResponder={c.owner.owner === "other" ? otherResponderLabel(c.owner.app_id) : null}
        />
      )}
    </section>
  );
}
