import { z } from "zod";
import { listContactsQuery } from "@/lib/contacts/schemas";

/** How the dashboard's contacts table can be ordered; "newest" is the /v1 order. */
export const CONTACT_SORTS = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A–Z)",
  updated: "Recently updated",
} as const;

export type ContactSort = keyof typeof CONTACT_SORTS;

export function isContactSort(value: string | null): value is ContactSort {
  return value !== null && value in CONTACT_SORTS;
}

const blank = (v: unknown) => (v === "" ? undefined : v);

/** The dashboard's contacts query: /v1's page, per_page and search, plus a sort and a tag. */
export const contactListQuery = listContactsQuery.extend({
  sort: z.preprocess(
    blank,
    z.enum(Object.keys(CONTACT_SORTS) as [ContactSort, ...ContactSort[]]).default("newest"),
  ),
  tag: z.preprocess(blank, z.string().trim().min(1).max(64).optional()),
});

export type ContactListQuery = z.infer<typeof contactListQuery>;
