import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import type { ContactSort } from "@/lib/contacts/contact-list-query";
import { contactSearchSql } from "@/lib/contacts/contact-search";
import { db, rawQuery } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `contacts` table read many at a time (docs/architecture.md "Repositories"): the list's
 * pages and the CSV export's. Every function takes the organization first and reads only its rows.
 * `client` lets a caller's transaction (the search's statement timeout) hold the statement.
 */

type Client = Prisma.TransactionClient;

export type ContactFilter = { search?: string; tag?: string };

export type ExportRow = {
  id: string;
  phone: string | null;
  name: string | null;
  email: string | null;
  custom_fields: Record<string, unknown>;
  tags: string[] | null;
};

// every order ends on id, so pages never repeat or skip a row; each has its index (contacts)
const ORDER: Record<ContactSort, Prisma.Sql> = {
  newest: Prisma.sql`created_at DESC, id DESC`,
  oldest: Prisma.sql`created_at ASC, id ASC`,
  name: Prisma.sql`name ASC NULLS LAST, id ASC`,
  updated: Prisma.sql`updated_at DESC, id DESC`,
};

function contactWhere(organizationId: string, { search, tag }: ContactFilter): Prisma.Sql {
  const conditions = [Prisma.sql`organization_id = ${organizationId}::uuid`];
  if (search) conditions.push(contactSearchSql(search));
  if (tag) {
    conditions.push(Prisma.sql`EXISTS (
      SELECT 1 FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
      WHERE ct.contact_id = contacts.id AND t.organization_id = ${organizationId}::uuid AND t.name = ${tag})`);
  }
  return Prisma.join(conditions, " AND ");
}

/** The newest contacts with their tags, by the (organization_id, created_at DESC, id DESC) index. */
export function listNewestContacts(
  organizationId: string,
  skip: number,
  take: number,
): Promise<ContactWithTags[]> {
  return db().contact.findMany({
    where: { organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip,
    take,
    include: contactInclude,
  });
}

/** The ids of one offset page of the contacts matching the filter, in `sort` order. */
export async function contactPageIds(
  organizationId: string,
  q: ContactFilter & { sort: ContactSort; offset: number; limit: number },
  client: Client = db(),
): Promise<string[]> {
  const rows = await client.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT id FROM contacts WHERE ${contactWhere(organizationId, q)}
      ORDER BY ${ORDER[q.sort]} LIMIT ${q.limit} OFFSET ${q.offset}`);
  return rows.map((r) => r.id);
}

export async function countContactsMatching(
  organizationId: string,
  filter: ContactFilter,
  client: Client = db(),
): Promise<number> {
  const [row] = await client.$queryRaw<{ total: bigint }[]>(
    Prisma.sql`SELECT count(*) AS total FROM contacts WHERE ${contactWhere(organizationId, filter)}`,
  );
  return Number(row?.total ?? 0);
}

/** Those of `ids` that are the organization's contacts, with their tags, in no order. */
export function findContactsWithTags(organizationId: string, ids: string[]): Promise<ContactWithTags[]> {
  return db().contact.findMany({ where: { id: { in: ids }, organizationId }, include: contactInclude });
}

export function countContacts(organizationId: string): Promise<number> {
  return db().contact.count({ where: { organizationId } });
}

/** The custom field names the organization's contacts use, alphabetically, at most `limit`. */
export async function customFieldKeys(organizationId: string, limit: number): Promise<string[]> {
  const rows = await rawQuery<{ key: string }[]>(Prisma.sql`
    SELECT DISTINCT jsonb_object_keys(custom_fields) AS key FROM contacts
    WHERE organization_id = ${organizationId}::uuid ORDER BY 1 LIMIT ${limit}`);
  return rows.map((r) => r.key);
}

/**
 * One page of the export after the contact `afterId` (from the start without), newest first:
 * keyset pagination over the (organization_id, created_at DESC, id DESC) index, tags aggregated
 * per page.
 */
export function exportPage(
  organizationId: string,
  afterId: string | null,
  limit: number,
): Promise<ExportRow[]> {
  const after = afterId
    ? Prisma.sql`AND (c.created_at, c.id) < (SELECT created_at, id FROM contacts
        WHERE id = ${afterId}::uuid AND organization_id = ${organizationId}::uuid)`
    : Prisma.empty;
  return rawQuery<ExportRow[]>(Prisma.sql`
    SELECT p.id, p.phone, p.name, p.email, p.custom_fields, t.tags FROM (
      SELECT c.id, c.phone, c.name, c.email, c.custom_fields, c.created_at FROM contacts c
      WHERE c.organization_id = ${organizationId}::uuid ${after}
      ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit}
    ) p
    LEFT JOIN LATERAL (
      SELECT array_agg(tg.name ORDER BY tg.name) AS tags FROM contact_tags ct
      JOIN tags tg ON tg.id = ct.tag_id WHERE ct.contact_id = p.id
    ) t ON true
    ORDER BY p.created_at DESC, p.id DESC`);
}
