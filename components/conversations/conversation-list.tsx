"use client";

import Link from "next/link";
import { otherResponderShort } from "@/components/conversations/owner-control";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import type { ConversationRowJson } from "@/lib/conversations/conversation-schemas";
import { inboxTime, inboxTimeFull } from "@/lib/conversations/inbox-time";

export function contactLabel(contact: ConversationRowJson["contact"]): string {
  return (
    contact.name ??
    contact.username ??
    contact.phone ??
    (contact.bsuid ? `WhatsApp user ID ${contact.bsuid}` : "Unknown contact")
  );
}

/**
 * The conversations of a view, latest activity first; each row links to its thread (keeps the
 * view in the URL). A row the customer wrote in since you last opened it is marked unread.
 */
export function ConversationList({
  conversations,
  selectedId,
  hrefFor,
}: {
  conversations: ConversationRowJson[];
  selectedId: string | null;
  hrefFor: (id: string) => string;
}) {
  return (
    <ul
      aria-label="Conversations"
      className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white"
    >
      {conversations.map((c) => {
        const selected = c.id === selectedId;
        return (
          <li key={c.id}>
            <Link
              href={hrefFor(c.id)}
              scroll={false}
              aria-current={selected ? "true" : undefined}
              className={cx(
                "block px-4 py-3 hover:bg-slate-50",
                selected && "bg-blue-50 hover:bg-blue-50",
                focusRing,
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span
                  className={cx(
                    "flex min-w-0 items-center gap-2 text-slate-900",
                    c.unread ? "font-bold" : "font-medium",
                  )}
                >
                  {c.unread ? (
                    <span data-unread className="size-2 shrink-0 rounded-full bg-blue-600">
                      <span className="sr-only">Unread: </span>
                    </span>
                  ) : null}
                  <span className="truncate">{contactLabel(c.contact)}</span>
                </span>
                <time
                  dateTime={c.last_activity_at}
                  title={inboxTimeFull(c.last_activity_at)}
                  className={cx(
                    "shrink-0 text-xs",
                    c.unread ? "font-semibold text-blue-800" : "text-slate-600",
                  )}
                >
                  {inboxTime(c.last_activity_at)}
                </time>
              </span>
              {c.contact.name && c.contact.phone ? (
                <span className="block font-mono text-xs text-slate-600">{c.contact.phone}</span>
              ) : null}
              <span className="mt-1 block truncate text-sm text-slate-600">
                {c.last_message ? (
                  <>
                    {c.last_message.direction === "outbound" ? (
                      <span className="text-slate-600">You: </span>
                    ) : null}
                    {c.last_message.preview}
                  </>
                ) : (
                  <span className="text-slate-600">No messages</span>
                )}
              </span>
              {c.assignee || c.owner.owner === "other" ? (
                <span className="mt-1 flex flex-wrap gap-1">
                  {c.assignee ? <Badge tone="info">{c.assignee.name ?? c.assignee.email}</Badge> : null}
                  {c.owner.owner === "other" ? (
                    <Badge tone="warning">{otherResponderShort(c.owner.app_id)} answers</Badge>
                  ) : null}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
