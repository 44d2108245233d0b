import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import { db } from "@/lib/db";
import { type Contact, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `contacts`, `tags` and `contact_changes` tables (docs/architecture.md "Repositories"): every
 * function takes the organization first and reads and writes only that organization's rows, so an
 * id of another organization finds nothing, whatever the caller read before. `client` lets a
 * caller's transaction hold the statement. Not yet here (scripts/lib/tenancy-list.ts): imports,
 * exports, merges, marketing preferences and the inbound contact lookup.
 */

type Client = Prisma.TransactionClient;

export type NewContact = Omit<Prisma.ContactUncheckedCreateInput, "organizationId">;

export function findContactWithTags(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<ContactWithTags | null> {
  return client.contact.findFirst({ where: { id, organizationId }, include: contactInclude });
}

/** The contact with its tags; throws (Prisma's not-found) when the organization has none by that id. */
export function getContactWithTags(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<ContactWithTags> {
  return client.contact.findFirstOrThrow({ where: { id, organizationId }, include: contactInclude });
}

/** The id of a contact known by either identifier who stopped marketing messages, or null. */
export async function findOptedOutContactId(
  organizationId: string,
  to: { phone: string | null; bsuid: string | null },
): Promise<string | null> {
  const or = [...(to.phone ? [{ phone: to.phone }] : []), ...(to.bsuid ? [{ bsuid: to.bsuid }] : [])];
  if (or.length === 0) return null;
  const contact = await db().contact.findFirst({
    where: { organizationId, OR: or, marketingOptOut: true },
    select: { id: true },
  });
  return contact?.id ?? null;
}

export function insertContact(organizationId: string, row: NewContact, client: Client): Promise<Contact> {
  return client.contact.create({ data: { ...row, organizationId } });
}

/**
 * Deletes the contact (its tag links, conversations and messages cascade) and takes its number
 * and frozen placeholder values off its broadcast rows; false when the organization has none by
 * that id.
 */
export function deleteContactRow(organizationId: string, id: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    await tx.broadcastRecipient.updateMany({
      where: { organizationId, contactId: id },
      data: { phone: null, values: Prisma.DbNull },
    });
    const { count } = await tx.contact.deleteMany({ where: { id, organizationId } });
    return count > 0;
  });
}

export async function setContactBlockedAt(
  organizationId: string,
  id: string,
  blockedAt: Date | null,
  client: Client,
): Promise<void> {
  await client.contact.updateMany({ where: { id, organizationId }, data: { blockedAt } });
}

/** The contact's history, newest first, with who made each change. */
export function listContactChanges(organizationId: string, contactId: string, take: number) {
  return db().contactChange.findMany({
    where: { contactId, organizationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    include: { user: { select: { id: true, name: true, email: true } } },
  });
}

/** Tag names starting with `prefix` (any case), alphabetically. */
export async function listTagNames(organizationId: string, prefix: string, limit: number): Promise<string[]> {
  const tags = await db().tag.findMany({
    where: { organizationId, ...(prefix ? { name: { startsWith: prefix, mode: "insensitive" } } : {}) },
    orderBy: { name: "asc" },
    take: limit,
    select: { name: true },
  });
  return tags.map((t) => t.name);
}

/** Replaces a contact's tags, creating organization-wide Tag rows on first use. */
export async function setContactTags(
  organizationId: string,
  contactId: string,
  names: string[],
  client: Client,
): Promise<void> {
  await client.contactTag.deleteMany({ where: { contactId, contact: { organizationId } } });
  if (names.length === 0) return;
  await addContactTags(organizationId, [{ contactId, tags: names }], client);
}

/**
 * Adds tags to contacts (keeping the ones they have), creating organization-wide Tag rows on first
 * use; a contact of another organization gets none.
 */
export async function addContactTags(
  organizationId: string,
  links: { contactId: string; tags: string[] }[],
  client: Client,
): Promise<void> {
  const names = [...new Set(links.flatMap((l) => l.tags))];
  if (names.length === 0) return;
  await client.tag.createMany({
    data: names.map((name) => ({ organizationId, name })),
    skipDuplicates: true,
  });
  const tags = await client.tag.findMany({
    where: { organizationId, name: { in: names } },
    select: { id: true, name: true },
  });
  const contacts = await client.contact.findMany({
    where: { organizationId, id: { in: [...new Set(links.map((l) => l.contactId))] } },
    select: { id: true },
  });
  const idOf = new Map(tags.map((t) => [t.name, t.id]));
  const ours = new Set(contacts.map((c) => c.id));
  const data = links.flatMap((l) =>
    ours.has(l.contactId)
      ? l.tags.flatMap((name) => {
          const tagId = idOf.get(name);
          return tagId ? [{ contactId: l.contactId, tagId }] : [];
        })
      : [],
  );
  await client.contactTag.createMany({ data, skipDuplicates: true });
}
