"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/components/lib/fetch-json";
import type { TemplatesPageJson } from "@/lib/templates/template-list-schemas";

export const TEMPLATES_QUERY_KEY = ["templates"] as const;

export function useTemplates(params: { channelId: string; search: string; page: number; perPage: number }) {
  const query = new URLSearchParams({ page: String(params.page), per_page: String(params.perPage) });
  if (params.channelId) query.set("channel_id", params.channelId);
  if (params.search) query.set("search", params.search);
  return useQuery({
    queryKey: [...TEMPLATES_QUERY_KEY, params],
    queryFn: ({ signal }) => fetchJson<TemplatesPageJson>(`/api/dashboard/templates?${query}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
