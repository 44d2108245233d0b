import "#server-only";
import type { ContactWithTags } from "@/lib/contacts/contact-json";
import type { ContactSort } from "@/lib/contacts/contact-list-query";
import {
  contactPageIds,
  countContactsMatching,
  findContactsWithTags,
  listNewestContacts,
} from "@/lib/contacts/repository/list";
import { withSearchTimeout } from "@/lib/contacts/search-timeout";
import { db } from "@/lib/db";

/** /v1 pages by `search`; the dashboard's table adds a tag and an order (newest by default). */
export type ListContactsInput = {
  page: number;
  perPage: number;
  search?: string;
  tag?: string;
  sort?: ContactSort;
};

/** kept by triggers (migration contact_count): no count of a million rows per page */
async function contactCount(organizationId: string): Promise<number> {
  const org = await db().organization.findUnique({
    where: { id: organizationId },
    select: { contactCount: true },
  });
  return Number(org?.contactCount ?? 0);
}

/**
 * The contacts of GET /v1/contacts and of the dashboard's table, by offset pages. Search matches
 * name, phone or e-mail through one trigram index over the three (migration contact_search), so it
 * stays fast at a million contacts; a search no index can serve is stopped after SEARCH_TIMEOUT_MS
 * (400 on `search`).
 */
export async function listContacts(
  organizationId: string,
  { page, perPage, search, tag, sort = "newest" }: ListContactsInput,
): Promise<{ contacts: ContactWithTags[]; total: number }> {
  const offset = (page - 1) * perPage;
  if (!search && !tag && sort === "newest") {
    const [contacts, total] = await Promise.all([
      listNewestContacts(organizationId, offset, perPage),
      contactCount(organizationId),
    ]);
    return { contacts, total };
  }

  const q = { search, tag, sort, offset, limit: perPage };
  const [ids, total] = search
    ? // a substring search: bounded by SEARCH_TIMEOUT_MS (400 on `search` past it)
      await withSearchTimeout(async (tx) => [
        await contactPageIds(organizationId, q, tx),
        await countContactsMatching(organizationId, q, tx),
      ])
    : await Promise.all([
        contactPageIds(organizationId, q),
        tag ? countContactsMatching(organizationId, q) : contactCount(organizationId),
      ]);
  const found = ids.length ? await findContactsWithTags(organizationId, ids) : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  return { contacts: ids.flatMap((id) => byId.get(id) ?? []), total };
}
