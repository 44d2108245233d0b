import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import type { ContactListQuery, ContactSort } from "@/lib/contacts/contact-list-query";
import { contactSearchSql } from "@/lib/contacts/contact-search";
import { withSearchTimeout } from "@/lib/contacts/search-timeout";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

// every order ends on id, so pages never repeat or skip a row; each has its index (contacts)
const ORDER: Record<ContactSort, Prisma.Sql> = {
  newest: Prisma.sql`created_at DESC, id DESC`,
  oldest: Prisma.sql`created_at ASC, id ASC`,
  name: Prisma.sql`name ASC NULLS LAST, id ASC`,
  updated: Prisma.sql`updated_at DESC, id DESC`,
};

/**
 * The dashboard's contacts table: /v1's search (one trigram index over name, phone and e-mail)
 * plus a tag filter and a choice of order. GET /v1/contacts keeps lib/contacts/list-contacts.ts.
 */
export async function listContactsPage(
  organizationId: string,
  query: ContactListQuery,
): Promise<{ contacts: ContactWithTags[]; total: number }> {
  const conditions = [Prisma.sql`organization_id = ${organizationId}::uuid`];
  if (query.search) {
    conditions.push(contactSearchSql(query.search));
  }
  if (query.tag) {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
      WHERE ct.contact_id = contacts.id AND t.organization_id = ${organizationId}::uuid AND t.name = ${query.tag})`);
  }
  const where = Prisma.join(conditions, " AND ");
  const offset = (query.page - 1) * query.per_page;
  const pageSql = Prisma.sql`
      SELECT id FROM contacts WHERE ${where}
      ORDER BY ${ORDER[query.sort]} LIMIT ${query.per_page} OFFSET ${offset}`;
  const countSql = Prisma.sql`SELECT count(*) AS total FROM contacts WHERE ${where}`;
  const [rows, total] = query.search
    ? // a substring search: bounded by SEARCH_TIMEOUT_MS (400 on `search` past it)
      await withSearchTimeout(async (tx) => [
        await tx.$queryRaw<{ id: string }[]>(pageSql),
        Number((await tx.$queryRaw<{ total: bigint }[]>(countSql))[0]?.total ?? 0),
      ])
    : await Promise.all([
        db().$queryRaw<{ id: string }[]>(pageSql),
        query.tag
          ? db()
              .$queryRaw<{ total: bigint }[]>(countSql)
              .then((r) => Number(r[0]?.total ?? 0))
          : // kept by triggers (migration contact_count): no count of a million rows per page
            db()
              .organization.findUnique({ where: { id: organizationId }, select: { contactCount: true } })
              .then((o) => Number(o?.contactCount ?? 0)),
      ]);
  const ids = rows.map((r) => r.id);
  const found = ids.length
    ? await db().contact.findMany({ where: { id: { in: ids }, organizationId }, include: contactInclude })
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  return { contacts: ids.flatMap((id) => byId.get(id) ?? []), total };
}
