import "#server-only";
import { db } from "@/lib/db";
import type { Contact, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The CSV import's statements on `contacts` and `contact_changes` (docs/architecture.md
 * "Repositories"), a batch at a time: every function takes the organization first and reads and
 * writes only its rows. `client` is the batch's transaction.
 */

type Client = Prisma.TransactionClient;

export type ImportedContact = {
  phone: string;
  name: string | null;
  email: string | null;
  customFields: Prisma.InputJsonValue;
};

export type StoredForImport = {
  id: string;
  phone: string | null;
  name: string | null;
  email: string | null;
  customFields: Prisma.JsonValue;
  tags: { tag: { name: string } }[];
};

export type ImportChange = {
  contactId: string;
  userId: string;
  field: string;
  value: string;
  source: string;
  createdAt: Date;
};

/** The organization's contacts with any of these numbers or business-scoped user ids. */
export function findContactsByIdentifiers(
  organizationId: string,
  phones: string[],
  bsuids: string[],
): Promise<{ id: string; phone: string | null; bsuid: string | null }[]> {
  return db().contact.findMany({
    where: { organizationId, OR: [{ phone: { in: phones } }, { bsuid: { in: bsuids } }] },
    select: { id: true, phone: true, bsuid: true },
  });
}

/** Creates the contacts whose number the organization does not have; answers those created. */
export function insertImportedContacts(
  organizationId: string,
  rows: ImportedContact[],
  client: Client,
): Promise<Contact[]> {
  return client.contact.createManyAndReturn({
    data: rows.map((r) => ({ ...r, organizationId })),
    skipDuplicates: true,
  });
}

/**
 * Locks those of `ids` that are the organization's contacts for the caller's transaction (an
 * edit made meanwhile is neither lost nor overwritten with a stale view) and answers them as
 * stored, with their tags.
 */
export async function lockContactsForImport(
  organizationId: string,
  ids: string[],
  client: Client,
): Promise<StoredForImport[]> {
  await client.$queryRaw`SELECT id FROM contacts
    WHERE organization_id = ${organizationId}::uuid AND id = ANY (${ids}::uuid[]) FOR UPDATE`;
  return client.contact.findMany({
    where: { organizationId, id: { in: ids } },
    select: {
      id: true,
      phone: true,
      name: true,
      email: true,
      customFields: true,
      tags: { select: { tag: { select: { name: true } } } },
    },
  });
}

/**
 * Rows of the contacts' history; a contact of another organization gets none (the batch's
 * contacts are read once to know which are the organization's).
 */
export async function insertImportChanges(
  organizationId: string,
  rows: ImportChange[],
  client: Client,
): Promise<void> {
  if (rows.length === 0) return;
  const ids = [...new Set(rows.map((r) => r.contactId))];
  const ours = await client.contact.findMany({
    where: { organizationId, id: { in: ids } },
    select: { id: true },
  });
  const known = new Set(ours.map((c) => c.id));
  await client.contactChange.createMany({
    data: rows.filter((r) => known.has(r.contactId)).map((r) => ({ ...r, organizationId })),
  });
}
