"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type {
  ConversationStatus,
  ConversationsPageJson,
  StaffJson,
  ThreadJson,
} from "@/lib/conversations/conversation-schemas";
import type { ReplyInput } from "@/lib/conversations/reply-schemas";

export const CONVERSATIONS_QUERY_KEY = ["conversations"] as const;
export const STAFF_QUERY_KEY = ["staff"] as const;

/** One status tab, page by page ("Load more"); new inbound messages show up within 10 s. */
export function useConversations(params: { status: ConversationStatus; mine: boolean }) {
  return useInfiniteQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, "list", params],
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams({ status: params.status });
      if (params.mine) query.set("assignee", "me");
      if (pageParam) query.set("cursor", pageParam);
      return fetchJson<ConversationsPageJson>(`/api/dashboard/conversations?${query}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: 10_000,
  });
}

export function useConversationThread(id: string | null) {
  return useQuery({
    queryKey: [...CONVERSATIONS_QUERY_KEY, "thread", id],
    queryFn: ({ signal }) =>
      fetchJson<ThreadJson>(`/api/dashboard/conversations/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: id !== null,
    refetchInterval: 5_000,
  });
}

export function useStaff() {
  return useQuery({
    queryKey: STAFF_QUERY_KEY,
    queryFn: ({ signal }) => fetchJson<{ users: StaffJson[] }>("/api/dashboard/users", { signal }),
    select: (data) => data.users,
    staleTime: 60_000,
  });
}

function useConversationAction<V>(path: (variables: V) => string, body?: (variables: V) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) =>
      fetchJson<{ id: string; status: ConversationStatus }>(path(variables), {
        method: "POST",
        body: body?.(variables),
      }),
    // not awaited: the caller's confirmation (a toast) shows at once, not after every conversation
    // query has been fetched again (on a slow machine that took longer than people wait)
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY });
    },
  });
}

export function useAssignConversation() {
  return useConversationAction(
    (v: { id: string; assigneeId: string }) =>
      `/api/dashboard/conversations/${encodeURIComponent(v.id)}/assign`,
    (v) => ({ assignee_id: v.assigneeId }),
  );
}

export function useResolveConversation() {
  return useConversationAction(
    (id: string) => `/api/dashboard/conversations/${encodeURIComponent(id)}/resolve`,
  );
}

/** Staff opened a thread: the server marks it read upstream when the organization chose so. */
export function useMarkConversationRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      fetchJson<{ marked: boolean }>(`/api/dashboard/conversations/${encodeURIComponent(id)}/read`, {
        method: "POST",
      }),
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
    mutationFn: (body: ReplyInput) =>
      fetchJson<{ messageId: string; status: string }>(
        `/api/dashboard/conversations/${encodeURIComponent(id)}/messages`,
        { method: "POST", body },
      ),
    // a failed send stores a failed message too: refetch either way
    onSettled: () => client.invalidateQueries({ queryKey: CONVERSATIONS_QUERY_KEY }),
  });
}
