import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import { contactSearchSql } from "@/lib/contacts/contact-search";
import { withSearchTimeout } from "@/lib/contacts/search-timeout";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";

export type ListContactsInput = { page: number; perPage: number; search?: string };

/**
 * Newest first. Search matches name, phone or e-mail through one trigram index over
 * the three (migration contact_search), so it stays fast at a million contacts; a search no index
 * can serve is stopped after SEARCH_TIMEOUT_MS (400 on `search`).
 */
export async function listContacts(
  organizationId: string,
  { page, perPage, search }: ListContactsInput,
): Promise<{ contacts: ContactWithTags[]; total: number }> {
  const offset = (page - 1) * perPage;
  if (!search) {
    const [contacts, total] = await Promise.all([
      db().contact.findMany({
        where: { organizationId },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        skip: offset,
        take: perPage,
        include: contactInclude,
      }),
      // kept by triggers (migration contact_count): no count of a million rows per page
      db().organization.findUnique({ where: { id: organizationId }, select: { contactCount: true } }),
    ]);
    return { contacts, total: Number(total?.contactCount ?? 0) };
  }

  const matches = Prisma.sql`organization_id = ${organizationId}::uuid AND ${contactSearchSql(search)}`;
  const [rows, counted] = await withSearchTimeout(async (tx) => [
    await tx.$queryRaw<{ id: string }[]>(Prisma.sql`
      SELECT id FROM contacts WHERE ${matches}
      ORDER BY created_at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}`),
    await tx.$queryRaw<{ total: bigint }[]>(
      Prisma.sql`SELECT count(*) AS total FROM contacts WHERE ${matches}`,
    ),
  ]);
  const ids = rows.map((r) => r.id);
  const found = ids.length
    ? await db().contact.findMany({ where: { id: { in: ids }, organizationId }, include: contactInclude })
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  const contacts = ids.flatMap((id) => byId.get(id) ?? []);
  return { contacts, total: Number(counted[0]?.total ?? 0) };
}
