"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { callDashboard } from "@/components/lib/dashboard-client";
import type { AssigneeFilter, InboxView, ThreadJson } from "@/lib/conversations/conversation-schemas";
import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import type { ReplyInput } from "@/lib/conversations/reply-schemas";

export const CONVERSATIONS_QUERY_KEY = ["conversations"] as const;
export const STAFF_QUERY_KEY = ["staff"] as const;
/** outside CONVERSATIONS_QUERY_KEY: an action's invalidation refetches the list, not the poll */
const PULSE_QUERY_KEY = ["conversations-pulse"] as const;

/**
 * How often the inbox asks whether anything changed (GET …/conversations/pulse, a cheap query),
 * while its tab is visible (react-query pauses a refetchInterval in a hidden tab). A change
 * refetches the list or the thread at once; scripts/bench/inbox-poll.ts measures what it costs.
 */
export const PULSE_MS = 2_000;
/** the full list and thread also refetch this often, whatever the poll says (a renamed contact) */
const SAFETY_REFETCH_MS = 30_000;

/** One view (open or resolved) and assignee filter, page by page ("Load more"). */
export function useConversations(params: { view: InboxView; assignee: AssigneeFilter | null }) {
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, "list", params],
    queryFn: ({ signal, pageParam }) =>
      callDashboard(CONVERSATION_DASHBOARD.listConversations, {
        query: {
          status: params.view,
          assignee: params.assignee ?? undefined,
          cursor: pageParam || undefined,
        },
        signal,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

export function useConversationThread(id: string | null) {
  return useQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, "thread", id],
    queryFn: ({ signal }) =>
      callDashboard(CONVERSATION_DASHBOARD.getThread, { params: { id: id ?? "" }, signal }),
    enabled: id !== null,
    refetchInterval: SAFETY_REFETCH_MS,
  });
}

function useInboxPulse(threadId: string | null) {
  return useQuery({
    queryKey: [...PULSE_QUERY_KEY, threadId],
    queryFn: ({ signal }) =>
      callDashboard(CONVERSATION_DASHBOARD.pulse, {
        query: { conversation_id: threadId ?? undefined },
        signal,
      }),
    refetchInterval: PULSE_MS,
  });
}

/**
 * Refetches when the poll's token moves away from the one the data was read with (`dataToken`,
 * read when the token moves). Acts on a new token only, not on new data: a poll answer older than
 * the data would otherwise refetch in a loop until the next poll.
 */
function useRefetchOnPulse(
  token: string | null | undefined,
  dataToken: () => string | null | undefined,
  refetch: () => void,
) {
  const seen = useRef<string | null | undefined>(undefined);
  const latest = useRef({ dataToken, refetch });
  latest.current = { dataToken, refetch };
  useEffect(() => {
    if (token === undefined || token === seen.current) return;
    seen.current = token;
    const held = latest.current.dataToken();
    if (held !== undefined && token !== held) latest.current.refetch();
  }, [token]);
}

/** New messages, statuses and changes show within PULSE_MS: the list, and the open thread if any. */
export function useInboxUpdates(
  threadId: string | null,
  list: { token: string | undefined; refetch: () => void },
) {
  const pulse = useInboxPulse(threadId);
  const client = useQueryClient();
  const threadKey = [...CONVERSATIONS_QUERY_KEY, "thread", threadId];
  useRefetchOnPulse(
    pulse.data?.list,
    () => list.token,
    () => list.refetch(),
  );
  useRefetchOnPulse(
    pulse.data?.thread,
    () => client.getQueryData<ThreadJson>(threadKey)?.pulse,
    () => void client.refetchQueries({ queryKey: threadKey, exact: true }),
  );
}

export function useStaff() {
  return useQuery({
    queryKey: STAFF_QUERY_KEY,
    queryFn: ({ signal }) => callDashboard(CONVERSATION_DASHBOARD.listStaff, { signal }),
    select: (data) => data.users,
    staleTime: 60_000,
  });
}

function useConversationAction<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    // not awaited: the caller's confirmation (a toast) shows at once, not after every conversation
    // query has been fetched again (on a slow machine that took longer than people wait)
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
  });
}

export function useAssignConversation() {
  return useConversationAction((v: { id: string; assigneeId: string }) =>
    callDashboard(CONVERSATION_DASHBOARD.assign, {
      params: { id: v.id },
      body: { assignee_id: v.assigneeId },
    }),
  );
}

export function useResolveConversation() {
  return useConversationAction((id: string) =>
    callDashboard(CONVERSATION_DASHBOARD.resolve, { params: { id } }),
  );
}

/** Conversation routing: take the conversation from the other responder, or hand it back. */
export function useThreadControl() {
  return useConversationAction(({ id, action }: { id: string; action: "take" | "release" }) =>
    callDashboard(action === "take" ? CONVERSATION_DASHBOARD.take : CONVERSATION_DASHBOARD.release, {
      params: { id },
    }),
  );
}

export function useReopenConversation() {
  return useConversationAction((id: string) =>
    callDashboard(CONVERSATION_DASHBOARD.reopen, { params: { id } }),
  );
}

/**
 * Staff opened a thread: read for them (the list's unread marker goes), and marked read upstream
 * when the organization chose so.
 */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callDashboard(CONVERSATION_DASHBOARD.markRead, { params: { id } }),
    onSuccess: (result, id) => {
      void client.invalidateQueries({ queryKey: [...CONVERSATIONS_QUERY_KEY, "list"] });
      if (result.marked)
        void client.invalidateQueries({ queryKey: [...CONVERSATIONS_QUERY_KEY, "thread", id] });
    },
  });
}

/** Staff answer the customer; the thread refetches so the sent message shows at once. */
export function useReplyToConversation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplyInput) => callDashboard(CONVERSATION_DASHBOARD.reply, { params: { id }, body }),
    // a failed send stores a failed message too: refetch either way
    onSettled: () => client.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
  });
}
