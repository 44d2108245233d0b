import "#server-only";
import { type ContactWithTags, contactInclude } from "@/lib/contacts/contact-json";
import { db } from "@/lib/db";
import { type Contact, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `contacts`, `tags` and `contact_changes` tables (docs/architecture.md "Repositories"): every
 * function takes the organization first and reads and writes only that organization's rows, so an
 * id of another organization finds nothing, whatever the caller read before. `client` lets a
 * caller's transaction hold the statement. The list, the CSV export and the import's bulk
 * statements are in `list.ts` and `import.ts` beside it.
 */

type Client = Prisma.TransactionClient;

export type NewContact = Omit<Prisma.ContactUncheckedCreateInput, "organizationId">;

export function findContactRow(
  organizationId: string,
  id: string,
  client: Client = db(),
): Promise<Contact | null> {
  return client.contact.findFirst({ where: { id, organizationId } });
}

/** The contact with this number, by the unique (organization_id, phone). */
export function findContactByPhone(
  organizationId: string,
  phone: string,
  client: Client,
): Promise<Contact | null> {
  return client.contact.findUnique({ where: { organizationId_phone: { organizationId, phone } } });
}

/** The contact with this business-scoped user id, by the unique (organization_id, bsuid). */
export function findContactByBsuid(
  organizationId: string,
  bsuid: string,
  client: Client,
): Promise<Contact | null> {
  return client.contact.findUnique({ where: { organizationId_bsuid: { organizationId, bsuid } } });
}

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
 * Writes the contact and answers it as written, in one statement (the inbound path's); throws
 * Prisma's not-found when the organization has no contact by that id.
 */
export function updateContactReturning(
  organizationId: string,
  id: string,
  data: Prisma.ContactUncheckedUpdateInput,
  client: Client,
): Promise<Contact> {
  return client.contact.update({ where: { id, organizationId }, data });
}

/**
 * The contact keeps the first ad it came from and the latest (each stamped with `at`, when the
 * customer wrote). A late-delivered older message neither replaces the first with a later one nor
 * the latest with an older one: both compare `at`.
 */
export async function keepContactReferral(
  organizationId: string,
  id: string,
  stamped: Record<string, unknown> & { at: string },
  client: Client,
): Promise<void> {
  const value = JSON.stringify(stamped);
  await client.$executeRaw`
    UPDATE contacts SET
      first_referral = CASE
        WHEN first_referral IS NULL OR (first_referral->>'at') > ${stamped.at} THEN ${value}::jsonb
        ELSE first_referral END,
      latest_referral = CASE
        WHEN latest_referral IS NULL OR (latest_referral->>'at') <= ${stamped.at} THEN ${value}::jsonb
        ELSE latest_referral END
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid`;
}

/** A contact known by either identifier, or null (either one when they name two). */
export function findContactByEither(
  organizationId: string,
  ids: { phone: string | null; bsuid: string | null },
  client: Client,
): Promise<Contact | null> {
  const or = [...(ids.phone ? [{ phone: ids.phone }] : []), ...(ids.bsuid ? [{ bsuid: ids.bsuid }] : [])];
  if (or.length === 0) return Promise.resolve(null);
  return client.contact.findFirst({ where: { organizationId, OR: or } });
}

/** False when the organization has no contact by that id. */
export async function updateContactRow(
  organizationId: string,
  id: string,
  data: Prisma.ContactUncheckedUpdateManyInput,
  client: Client,
): Promise<boolean> {
  const { count } = await client.contact.updateMany({ where: { id, organizationId }, data });
  return count > 0;
}

/**
 * Sets or clears the contact's marketing opt-out as of `at`, unless the stored preference is
 * newer; the same preference again only moves its time. True when the opt-out changed.
 */
export async function writeMarketingPreference(
  organizationId: string,
  id: string,
  preference: { optOut: boolean; at: Date; source: string },
  client: Client,
): Promise<boolean> {
  const { optOut, at, source } = preference;
  const changed = await client.contact.updateMany({
    where: {
      id,
      organizationId,
      marketingOptOut: !optOut,
      OR: [{ marketingOptOutAt: null }, { marketingOptOutAt: { lte: at } }],
    },
    data: { marketingOptOut: optOut, marketingOptOutAt: at, marketingOptOutSource: optOut ? source : null },
  });
  if (changed.count > 0) return true;
  await client.contact.updateMany({
    where: { id, organizationId, marketingOptOut: optOut, marketingOptOutAt: { lt: at } },
    data: { marketingOptOutAt: at },
  });
  return false;
}

/**
 * A row of the contact's history, in one statement that finds the contact in the organization:
 * a contact of another organization gets none.
 */
export async function insertContactChange(
  organizationId: string,
  row: {
    contactId: string;
    userId?: string | null;
    field: string;
    value: string;
    source: string;
    reason?: string | null;
    createdAt: Date;
  },
  client: Client,
): Promise<void> {
  await client.$executeRaw`
    INSERT INTO contact_changes (id, organization_id, contact_id, user_id, field, value, source, reason, created_at)
    SELECT gen_random_uuid(), organization_id, id, ${row.userId ?? null}::uuid, ${row.field}, ${row.value},
      ${row.source}, ${row.reason ?? null}, ${row.createdAt}
    FROM contacts WHERE id = ${row.contactId}::uuid AND organization_id = ${organizationId}::uuid`;
}

/**
 * Moves everything of `absorbId` (conversations, messages, broadcast recipients, tags) to
 * `keepId`, deletes it and writes `keep` onto the kept contact, in the caller's transaction. Both
 * must be the organization's: an absorbed contact of another moves nothing, and a kept one of
 * another takes nothing (the delete or the write then throws Prisma's not-found, and the
 * transaction undoes the rest). The merge's other tables are here, whole, because they move
 * with the contact (lib/contacts/merge-contacts.ts decides what the kept contact becomes).
 */
export async function mergeContactRows(
  organizationId: string,
  keepId: string,
  absorbId: string,
  keep: Prisma.ContactUncheckedUpdateInput,
  client: Client,
): Promise<Contact> {
  const kept = Prisma.sql`EXISTS (SELECT 1 FROM contacts k
    WHERE k.id = ${keepId}::uuid AND k.organization_id = ${organizationId}::uuid)`;
  await client.$executeRaw`UPDATE conversations SET contact_id = ${keepId}::uuid
    WHERE contact_id = ${absorbId}::uuid AND organization_id = ${organizationId}::uuid AND ${kept}`;
  await client.$executeRaw`UPDATE messages SET contact_id = ${keepId}::uuid
    WHERE contact_id = ${absorbId}::uuid AND organization_id = ${organizationId}::uuid AND ${kept}`;
  await client.$executeRaw`
    INSERT INTO contact_tags (contact_id, tag_id)
    SELECT ${keepId}::uuid, ct.tag_id FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id
    WHERE ct.contact_id = ${absorbId}::uuid AND t.organization_id = ${organizationId}::uuid AND ${kept}
    ON CONFLICT DO NOTHING`;
  // otherwise set null by the delete: a broadcast's reply tracking follows the customer
  await client.$executeRaw`UPDATE broadcast_recipients SET contact_id = ${keepId}::uuid
    WHERE contact_id = ${absorbId}::uuid AND organization_id = ${organizationId}::uuid AND ${kept}`;
  // deleted first: its phone and user id are unique per organization
  await client.contact.delete({ where: { id: absorbId, organizationId } });
  return client.contact.update({ where: { id: keepId, organizationId }, data: keep });
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
