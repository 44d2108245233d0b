import "#server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { graphRequest } from "@/lib/whatsapp/graph-client";

const cloudTemplate = z
  .object({
    id: z.string(),
    name: z.string(),
    language: z.string(),
    status: z.string(),
    category: z.string().default("UTILITY"),
    parameter_format: z.string().optional(),
    components: z.array(z.unknown()).default([]),
  })
  .loose();

const page = z
  .object({
    data: z.array(z.unknown()).default([]),
    paging: z
      .object({
        cursors: z.object({ after: z.string().optional() }).loose().optional(),
        next: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const FIELDS = "id,name,language,status,category,parameter_format,components";

/**
 * Copies a channel's templates from the upstream (all pages). Translations and templates
 * that are gone upstream are deactivated, so they leave the list.
 */
export async function syncTemplates(channelId: string): Promise<{ synced: number; deactivated: number }> {
  const channel = await db().channel.findUniqueOrThrow({ where: { id: channelId } });
  const seen: z.infer<typeof cloudTemplate>[] = [];
  let path: string | undefined = `${channel.wabaId}/message_templates?limit=100&fields=${FIELDS}`;
  for (let pages = 0; path && pages < 100; pages++) {
    const body = page.parse(await graphRequest<unknown>(channel, path));
    for (const item of body.data) {
      const parsed = cloudTemplate.safeParse(item);
      if (parsed.success) seen.push(parsed.data);
    }
    const after = body.paging?.cursors?.after;
    path =
      body.paging?.next && after
        ? `${channel.wabaId}/message_templates?limit=100&fields=${FIELDS}&after=${encodeURIComponent(after)}`
        : undefined;
  }

  return db().$transaction(async (tx) => {
    const keepTranslations: string[] = [];
    for (const t of seen) {
      const template = await tx.template.upsert({
        where: { channelId_name: { channelId, name: t.name } },
        create: { organizationId: channel.organizationId, channelId, name: t.name, category: t.category },
        update: { category: t.category, active: true },
      });
      const data = {
        status: t.status,
        category: t.category,
        parameterFormat: t.parameter_format ?? "POSITIONAL",
        components: t.components as Prisma.InputJsonValue,
        upstreamId: t.id,
        active: true,
      };
      const translation = await tx.templateTranslation.upsert({
        where: { templateId_language: { templateId: template.id, language: t.language } },
        create: { templateId: template.id, language: t.language, ...data },
        update: data,
      });
      keepTranslations.push(translation.id);
    }
    const goneTranslations = await tx.templateTranslation.updateMany({
      where: { template: { channelId }, active: true, id: { notIn: keepTranslations } },
      data: { active: false },
    });
    const goneTemplates = await tx.template.updateMany({
      where: { channelId, active: true, name: { notIn: [...new Set(seen.map((t) => t.name))] } },
      data: { active: false },
    });
    await tx.channel.update({ where: { id: channelId }, data: { templatesSyncedAt: new Date() } });
    return { synced: seen.length, deactivated: goneTemplates.count + goneTranslations.count };
  });
}
