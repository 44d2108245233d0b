import type { Tx } from "@/lib/events/record-event";

/** Replaces a contact's tags, creating organization-wide Tag rows on first use. */
export async function setContactTags(tx: Tx, organizationId: string, contactId: string, names: string[]) {
  await tx.contactTag.deleteMany({ where: { contactId } });
  if (names.length === 0) return;
  await tx.tag.createMany({
    data: names.map((name) => ({ organizationId, name })),
    skipDuplicates: true,
  });
  const tags = await tx.tag.findMany({
    where: { organizationId, name: { in: names } },
    select: { id: true },
  });
  await tx.contactTag.createMany({
    data: tags.map((t) => ({ contactId, tagId: t.id })),
    skipDuplicates: true,
  });
}

/** Adds tags to contacts (keeping the ones they have), creating organization-wide Tag rows on first use. */
export async function addContactTags(
  tx: Tx,
  organizationId: string,
  links: { contactId: string; tags: string[] }[],
) {
  const names = [...new Set(links.flatMap((l) => l.tags))];
  if (names.length === 0) return;
  await tx.tag.createMany({ data: names.map((name) => ({ organizationId, name })), skipDuplicates: true });
  const tags = await tx.tag.findMany({
    where: { organizationId, name: { in: names } },
    select: { id: true, name: true },
  });
  const idOf = new Map(tags.map((t) => [t.name, t.id]));
  const data = links.flatMap((l) =>
    l.tags.flatMap((name) => {
      const tagId = idOf.get(name);
      return tagId ? [{ contactId: l.contactId, tagId }] : [];
    }),
  );
  await tx.contactTag.createMany({ data, skipDuplicates: true });
}
