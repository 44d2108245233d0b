"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callDashboard } from "@/components/lib/dashboard-client";
import type { ContactSort } from "@/lib/contacts/contact-list-query";
import { CONTACT_DASHBOARD } from "@/lib/contacts/dashboard-endpoints";
import type { CreateContactBody, UpdateContactBody } from "@/lib/contacts/schemas";

export const CONTACTS_QUERY_KEY = ["contacts"] as const;

/** One page of the table; the previous page stays on screen while the next loads. */
export function useContacts(params: {
  search: string;
  page: number;
  perPage: number;
  sort: ContactSort;
  tag: string;
}) {
  return useQuery({
    queryKey: [...CONTACTS_QUERY_KEY, params],
    queryFn: ({ signal }) =>
      callDashboard(CONTACT_DASHBOARD.listContacts, {
        query: {
          page: String(params.page),
          per_page: String(params.perPage),
          sort: params.sort,
          search: params.search || undefined,
          tag: params.tag || undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useContactMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: CONTACTS_QUERY_KEY });
      await client.invalidateQueries({ queryKey: TAGS_QUERY_KEY });
    },
  });
}

export function useCreateContact() {
  return useContactMutation((body: CreateContactBody) =>
    callDashboard(CONTACT_DASHBOARD.createContact, { body }),
  );
}

export function useUpdateContact() {
  return useContactMutation(({ id, body }: { id: string; body: UpdateContactBody }) =>
    callDashboard(CONTACT_DASHBOARD.updateContact, { params: { id }, body }),
  );
}

export function useDeleteContact() {
  return useContactMutation((id: string) =>
    callDashboard(CONTACT_DASHBOARD.deleteContact, { params: { id } }),
  );
}

export const TAGS_QUERY_KEY = ["tags"] as const;

/** The organization's tags starting with `prefix`, for the tag input. */
export function useTagSuggestions(prefix: string, enabled: boolean) {
  return useQuery({
    queryKey: [...TAGS_QUERY_KEY, prefix],
    queryFn: ({ signal }) => callDashboard(CONTACT_DASHBOARD.listTags, { query: { q: prefix }, signal }),
    select: (data) => data.tags,
    enabled,
    staleTime: 30_000,
  });
}

const historyKey = (id: string) => [...CONTACTS_QUERY_KEY, "history", id] as const;

/** The contact's history (opt-outs, who cleared them and why), newest first. */
export function useContactHistory(id: string) {
  return useQuery({
    queryKey: historyKey(id),
    queryFn: ({ signal }) => callDashboard(CONTACT_DASHBOARD.contactHistory, { params: { id }, signal }),
    select: (data) => data.changes,
  });
}

/** Owners and admins: clear a marketing opt-out with a reason (refreshes the list and the history). */
export function useClearMarketingOptOut() {
  return useContactMutation(({ id, reason }: { id: string; reason: string }) =>
    callDashboard(CONTACT_DASHBOARD.clearMarketingOptOut, { params: { id }, body: { reason } }),
  );
}
