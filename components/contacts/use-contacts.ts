"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContactRowJson } from "@/components/contacts/contacts-table";
import { fetchJson } from "@/components/lib/fetch-json";
import type { ContactSort } from "@/lib/contacts/contact-list-query";
import type { ContactJson } from "@/lib/contacts/schemas";

export type ContactsPage = { contacts: ContactRowJson[]; page: number; per_page: number; total: number };
export type ContactInput = {
  phone: string;
  name: string | null;
  email: string | null;
  tags: string[];
  custom_fields: Record<string, string | number | boolean>;
};

export const CONTACTS_QUERY_KEY = ["contacts"] as const;

/** One page of the table; the previous page stays on screen while the next loads. */
export function useContacts(params: {
  search: string;
  page: number;
  perPage: number;
  sort: ContactSort;
  tag: string;
}) {
  const query = new URLSearchParams({
    page: String(params.page),
    per_page: String(params.perPage),
    sort: params.sort,
  });
  if (params.search) query.set("search", params.search);
  if (params.tag) query.set("tag", params.tag);
  return useQuery({
    queryKey: [...CONTACTS_QUERY_KEY, params],
    queryFn: ({ signal }) => fetchJson<ContactsPage>(`/api/dashboard/contacts?${query}`, { signal }),
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
  return useContactMutation((body: ContactInput) =>
    fetchJson<{ contact: ContactJson }>("/api/dashboard/contacts", { method: "POST", body }),
  );
}

export function useUpdateContact() {
  return useContactMutation(({ id, body }: { id: string; body: ContactInput }) =>
    fetchJson<{ contact: ContactJson; changes: string[] }>(
      `/api/dashboard/contacts/${encodeURIComponent(id)}`,
      {
        method: "PATCH",
        body,
      },
    ),
  );
}

export function useDeleteContact() {
  return useContactMutation((id: string) =>
    fetchJson<{ deleted: true }>(`/api/dashboard/contacts/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

export const TAGS_QUERY_KEY = ["tags"] as const;

/** The organization's tags starting with `prefix`, for the tag input. */
export function useTagSuggestions(prefix: string, enabled: boolean) {
  return useQuery({
    queryKey: [...TAGS_QUERY_KEY, prefix],
    queryFn: ({ signal }) =>
      fetchJson<{ tags: string[] }>(`/api/dashboard/tags?q=${encodeURIComponent(prefix)}`, { signal }),
    select: (data) => data.tags,
    enabled,
    staleTime: 30_000,
  });
}
