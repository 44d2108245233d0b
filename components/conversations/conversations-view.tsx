"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { ConversationList } from "@/components/conversations/conversation-list";
import { ConversationThread } from "@/components/conversations/conversation-thread";
import { VIEW_LABEL } from "@/components/conversations/status-badge";
import { useConversations, useInboxUpdates } from "@/components/conversations/use-conversations";
import { PageHeader } from "@/components/dashboard/page-header";
import { errorMessage } from "@/components/lib/fetch-json";
import { Button, buttonClass } from "@/components/ui/button";
import { Segmented } from "@/components/ui/segmented";
import { TableSkeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import {
  ASSIGNEE_FILTERS,
  type AssigneeFilter,
  INBOX_VIEWS,
  type InboxView,
} from "@/lib/conversations/conversation-schemas";

const EMPTY_TEXT: Record<InboxView, string> = {
  open: "Nobody is waiting: new conversations appear here when a customer writes.",
  resolved: "Resolved conversations will be listed here.",
};

const ASSIGNEE_LABEL: Record<AssigneeFilter | "all", string> = {
  all: "All",
  me: "Mine",
  none: "Unassigned",
  any: "Assigned",
};

const FILTERED_EMPTY: Record<AssigneeFilter, string> = {
  me: "None of them is assigned to you.",
  none: "Every one of them is assigned to someone.",
  any: "None of them is assigned to anyone.",
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
  const view: InboxView = INBOX_VIEWS.find((v) => v === raw) ?? "open";
  const rawAssignee = params.get("assignee");
  // older links: ?status=assigned (assigned is a filter now) and ?mine=1
  const assignee: AssigneeFilter | null =
    ASSIGNEE_FILTERS.find((a) => a === rawAssignee) ??
    (raw === "assigned" ? "any" : params.get("mine") === "1" ? "me" : null);
  // older links named the conversation in the query (?id=…)
  const selectedId = conversationId ?? params.get("id");
  const list = useConversations({ view, assignee });
  useInboxUpdates(selectedId, { token: list.data?.pages[0]?.pulse, refetch: () => void list.refetch() });

  /** The list (id null) or a conversation's address, with the tab and the "mine" filter kept. */
  const href = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("id");
    next.delete("mine");
    if (next.get("status") === "assigned") next.delete("status");
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
  const tabs = INBOX_VIEWS.map((v) => ({
    value: v,
    label: VIEW_LABEL[v],
    count: counts && v === "open" ? capped(counts.open) : undefined,
  }));
  const filters = (["all", ...ASSIGNEE_FILTERS] as const).map((a) => ({
    value: a,
    label: ASSIGNEE_LABEL[a],
    count:
      counts && view === "open" && (a === "me" || a === "none")
        ? capped(a === "me" ? counts.mine : counts.unassigned)
        : undefined,
  }));

  return (
    <>
      {/* with a thread open on a small screen, the thread and its reply box come before the rest */}
      <PageHeader
        title="Conversations"
        description={
          <span className={selectedId ? "max-lg:hidden" : undefined}>
            Customer conversations on your WhatsApp channels.
          </span>
        }
        actions={
          setting ? <div className={selectedId ? "max-lg:hidden" : undefined}>{setting}</div> : undefined
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)]">
        <div className={selectedId ? "hidden min-w-0 space-y-3 lg:block" : "min-w-0 space-y-3"}>
          <div className="flex flex-wrap items-center gap-2">
            <Segmented
              label="Status"
              options={tabs}
              value={view}
              onChange={(v) => router.replace(href({ status: v, id: null }), { scroll: false })}
            />
            <Segmented
              label="Assignee"
              options={filters}
              value={assignee ?? "all"}
              onChange={(a) => router.replace(href({ assignee: a === "all" ? null : a }), { scroll: false })}
            />
          </div>
          {list.isPending ? (
            <TableSkeleton rows={6} columns={1} label="Loading conversations" />
          ) : list.isError ? (
            <ErrorState
              title="Could not load the conversations"
              message={errorMessage(list.error)}
              onRetry={() => list.refetch()}
            />
          ) : rows.length === 0 ? (
            <EmptyState title={`No ${VIEW_LABEL[view].toLowerCase()} conversations`}>
              {assignee ? FILTERED_EMPTY[assignee] : EMPTY_TEXT[view]}
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
