"use client";

import Link from "next/link";
import { formatDateTime, formatRelative } from "@/components/lib/format";
import { Badge } from "@/components/ui/badge";
import { cx, focusRing } from "@/components/ui/cx";
import type { ConversationRowJson } from "@/lib/conversations/conversation-schemas";

export function contactLabel(contact: ConversationRowJson["contact"]): string {
  return (
    contact.name ??
    contact.username ??
    contact.phone ??
    (contact.bsuid ? `WhatsApp user ID ${contact.bsuid}` : "Unknown contact")
  );
}

/** The conversations of a tab; each row links to its thread (keeps the tab in the URL). */
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
                <span className="truncate font-medium text-slate-900">{contactLabel(c.contact)}</span>
                <time
                  dateTime={c.last_activity_at}
                  title={formatDateTime(c.last_activity_at)}
                  className="shrink-0 text-xs text-slate-600"
                >
                  {formatRelative(c.last_activity_at)}
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
              {c.assignee ? (
                <span className="mt-1 block">
                  <Badge tone="info">{c.assignee.name ?? c.assignee.email}</Badge>
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
