import "#server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/** Active templates of a channel with at least one APPROVED translation, by name. */
export async function listTemplates(
  organizationId: string,
  channelId: string,
  page: number,
  perPage: number,
) {
  const where: Prisma.TemplateWhereInput = {
    organizationId,
    channelId,
    active: true,
    translations: { some: { active: true, status: "APPROVED" } },
  };
  const [templates, total] = await Promise.all([
    db().template.findMany({
      where,
      include: { translations: { where: { active: true }, orderBy: { language: "asc" } } },
      orderBy: [{ name: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db().template.count({ where }),
  ]);
  return { templates, total };
}
