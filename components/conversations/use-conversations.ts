"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import type { ConversationStatus } from "@/lib/conversations/conversation-schemas";
import { CONVERSATION_DASHBOARD } from "@/lib/conversations/dashboard-endpoints";
import type { ReplyInput } from "@/lib/conversations/reply-schemas";

export const CONVERSATIONS_QUERY_KEY = ["conversations"] as const;
export const STAFF_QUERY_KEY = ["staff"] as const;

/** One status tab, page by page ("Load more"); new inbound messages show up within 10 s. */
export function useConversations(params: { status: ConversationStatus; mine: boolean }) {
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, "list", params],
    queryFn: ({ signal, pageParam }) =>
      callDashboard(CONVERSATION_DASHBOARD.listConversations, {
        query: {
          status: params.status,
          assignee: params.mine ? "me" : undefined,
          cursor: pageParam || undefined,
        },
        signal,
      }),
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 10_000,
  });
}

export function useConversationThread(id: string | null) {
  return useQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, "thread", id],
    queryFn: ({ signal }) =>
      callDashboard(CONVERSATION_DASHBOARD.getThread, { params: { id: id ?? "" }, signal }),
    enabled: id !== null,
    refetchInterval: 5_000,
  });
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

/** Staff opened a thread: the server marks it read upstream when the organization chose so. */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callDashboard(CONVERSATION_DASHBOARD.markRead, { params: { id } }),
    onSuccess: (result, id) => {
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
