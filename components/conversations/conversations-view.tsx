"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { ConversationList } from "@/components/conversations/conversation-list";
import { ConversationThread } from "@/components/conversations/conversation-thread";
import { STATUS_LABEL } from "@/components/conversations/status-badge";
import { useConversations } from "@/components/conversations/use-conversations";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button, buttonClass } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Segmented } from "@/components/ui/segmented";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { CONVERSATION_STATUSES, type ConversationStatus } from "@/lib/conversations/conversation-schemas";

const EMPTY_TEXT: Record<ConversationStatus, string> = {
  open: "Nobody is waiting: new conversations appear here when a customer writes.",
  assigned: "No conversation is assigned to anyone right now.",
  resolved: "Resolved conversations will be listed here.",
};

function capped(n: number): string {
  return n > 999 ? "999+" : String(n);
}

const BASE = "/dashboard/conversations";

/**
 * Conversations: status tabs and the list on the left, the selected thread on the right. Each
 * conversation has its own address (/dashboard/conversations/<id>, the tab kept in the query),
 * reached by a link, so Back returns to where you were.
 */
export function ConversationsView({
  userId,
  setting,
  conversationId = null,
}: {
  userId: string;
  setting?: ReactNode;
  /** the conversation of the address, when there is one */
  conversationId?: string | null;
}) {
  const router = useRouter();
  const params = useSearchParams();
  const raw = params.get("status");
  const status: ConversationStatus = CONVERSATION_STATUSES.find((s) => s === raw) ?? "open";
  const mine = params.get("mine") === "1";
  // older links named the conversation in the query (?id=…)
  const selectedId = conversationId ?? params.get("id");
  const list = useConversations({ status, mine });

  /** The list (id null) or a conversation's address, with the tab and the "mine" filter kept. */
  const href = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("id");
    let id: string | null = selectedId;
    for (const [k, v] of Object.entries(patch)) {
      if (k === "id") id = v;
      else if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const query = next.toString();
    return `${id ? `${BASE}/${encodeURIComponent(id)}` : BASE}${query ? `?${query}` : ""}`;
  };
  const counts = list.data?.pages[0]?.counts;
  const rows = list.data?.pages.flatMap((p) => p.conversations) ?? [];
  const tabs = CONVERSATION_STATUSES.map((s) => ({
    value: s,
    label: STATUS_LABEL[s],
    count: counts && s !== "resolved" ? capped(counts[s]) : undefined,
  }));

  return (
    <>
      <PageHeader title="Conversations" description="Customer conversations on your WhatsApp channels." />
      {setting ? <div className="mb-4">{setting}</div> : null}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <div className={selectedId ? "hidden min-w-0 space-y-3 lg:block" : "min-w-0 space-y-3"}>
          <Segmented
            label="Status"
            options={tabs}
            value={status}
            onChange={(s) => router.replace(href({ status: s, id: null }), { scroll: false })}
          />
          <Checkbox
            label="Only conversations assigned to me"
            checked={mine}
            onChange={(e) => router.replace(href({ mine: e.target.checked ? "1" : null }), { scroll: false })}
          />
          {list.isPending ? (
            <TableSkeleton rows={6} columns={1} label="Loading conversations" />
          ) : list.isError ? (
            <ErrorState
              title="Could not load the conversations"
              message={errorMessage(list.error)}
              onRetry={() => list.refetch()}
            />
          ) : rows.length === 0 ? (
            <EmptyState title={`No ${STATUS_LABEL[status].toLowerCase()} conversations`}>
              {mine ? "None of them is assigned to you." : EMPTY_TEXT[status]}
            </EmptyState>
          ) : (
            <>
              <ConversationList conversations={rows} selectedId={selectedId} hrefFor={(id) => href({ id })} />
              {list.hasNextPage ? (
                <Button
                  variant="secondary"
                  className="w-full"
                  loading={list.isFetchingNextPage}
                  onClick={() => list.fetchNextPage()}
                >
                  Load more
                </Button>
              ) : null}
            </>
          )}
        </div>
        <div className={selectedId ? "min-w-0" : "hidden min-w-0 lg:block"}>
          {selectedId ? (
            <>
              <Link href={href({ id: null })} className={buttonClass("ghost", "sm", "mb-2 lg:hidden")}>
                ← All conversations
              </Link>
              <ConversationThread key={selectedId} id={selectedId} userId={userId} />
            </>
          ) : (
            <EmptyState title="Select a conversation">
              Pick one from the list to read the thread, assign or resolve it.
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}
