import "#server-only";
import { db } from "@/lib/db";

/** The organization's tags for the tag input's autocomplete: names starting with `prefix`. */
export async function listTags(organizationId: string, prefix: string, limit = 20): Promise<string[]> {
  const tags = await db().tag.findMany({
    where: { organizationId, ...(prefix ? { name: { startsWith: prefix, mode: "insensitive" } } : {}) },
    orderBy: { name: "asc" },
    take: limit,
    select: { name: true },
  });
  return tags.map((t) => t.name);
}
