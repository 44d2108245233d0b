import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import type { ContactSort } from "@/lib/contacts/contact-list-query";
import { contactSearchSql } from "@/lib/contacts/contact-search";
import { withSearchTimeout } from "@/lib/contacts/search-timeout";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/** /v1 pages by `search`; the dashboard's table adds a tag and an order (newest by default). */
export type ListContactsInput = {
  page: number;
  perPage: number;
  search?: string;
  tag?: string;
  sort?: ContactSort;
};

// every order ends on id, so pages never repeat or skip a row; each has its index (contacts)
const ORDER: Record<ContactSort, Prisma.Sql> = {
  newest: Prisma.sql`created_at DESC, id DESC`,
  oldest: Prisma.sql`created_at ASC, id ASC`,
  name: Prisma.sql`name ASC NULLS LAST, id ASC`,
  updated: Prisma.sql`updated_at DESC, id DESC`,
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
      db().contact.findMany({
        where: { organizationId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: offset,
        take: perPage,
        include: contactInclude,
      }),
      contactCount(organizationId),
    ]);
    return { contacts, total };
  }

  const conditions = [Prisma.sql`organization_id = ${organizationId}::uuid`];
  if (search) conditions.push(contactSearchSql(search));
  if (tag) {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
      WHERE ct.contact_id = contacts.id AND t.organization_id = ${organizationId}::uuid AND t.name = ${tag})`);
  }
  const where = Prisma.join(conditions, " AND ");
  const pageSql = Prisma.sql`
      SELECT id FROM contacts WHERE ${where}
      ORDER BY ${ORDER[sort]} LIMIT ${perPage} OFFSET ${offset}`;
  const countSql = Prisma.sql`SELECT count(*) AS total FROM contacts WHERE ${where}`;
  const [rows, total] = search
    ? // a substring search: bounded by SEARCH_TIMEOUT_MS (400 on `search` past it)
      await withSearchTimeout(async (tx) => [
        await tx.$queryRaw<{ id: string }[]>(pageSql),
        Number((await tx.$queryRaw<{ total: bigint }[]>(countSql))[0]?.total ?? 0),
      ])
    : await Promise.all([
        db().$queryRaw<{ id: string }[]>(pageSql),
        tag
          ? db()
              .$queryRaw<{ total: bigint }[]>(countSql)
              .then((r) => Number(r[0]?.total ?? 0))
          : contactCount(organizationId),
      ]);
  const ids = rows.map((r) => r.id);
  const found = ids.length
    ? await db().contact.findMany({ where: { id: { in: ids }, organizationId }, include: contactInclude })
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  return { contacts: ids.flatMap((id) => byId.get(id) ?? []), total };
}
