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
