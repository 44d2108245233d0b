import "#server-only";
import { z } from "zod";
import { readRoutingRoles } from "@/lib/channels/read-routing-roles";
import { graphRequest } from "@/lib/cloud-api/graph-client";
import { UpstreamError } from "@/lib/cloud-api/graph-error";
import { graphPage } from "@/lib/cloud-api/graph-page";
import { db } from "@/lib/db";
import type { Channel, Prisma } from "@/lib/generated/prisma/client.ts";

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

const FIELDS = "id,name,language,status,category,parameter_format,components";

/** Every template of the channel's WABA, all pages. */
async function fetchTemplates(channel: Channel): Promise<z.infer<typeof cloudTemplate>[]> {
  const seen: z.infer<typeof cloudTemplate>[] = [];
  let path: string | undefined = `${channel.wabaId}/message_templates?limit=100&fields=${FIELDS}`;
  for (let pages = 0; path && pages < 100; pages++) {
    const body = graphPage.parse(await graphRequest<unknown>(channel, path));
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
  return seen;
}

/** Graph error 190: the access token is invalid (expired, revoked, or its user lost access). */
function invalidToken(error: unknown): string | null {
  if (!(error instanceof UpstreamError) || error.failure.kind !== "rejected") return null;
  return error.failure.error.code === 190 ? error.failure.error.message.slice(0, 500) : null;
}

export type SyncResult = { synced: number; deactivated: number; needs_new_token?: true };

/**
 * Copies a channel's templates from the upstream (all pages). Translations and templates
 * that are gone upstream are deactivated, so they leave the list. A sync answered with Graph
 * error 190 marks the channel as needing a new token (the Channels page asks owners and admins
 * for one; its template notifications are not applied meanwhile) and is not retried: only a new
 * token helps. A sync that works clears the mark. It also reads the number's routing roles
 * (lib/channels/read-routing-roles.ts), whose failure fails nothing.
 */
export async function syncTemplates(channelId: string): Promise<SyncResult> {
  const channel = await db().channel.findUniqueOrThrow({ where: { id: channelId } });
  let seen: z.infer<typeof cloudTemplate>[];
  try {
    seen = await fetchTemplates(channel);
  } catch (error) {
    const tokenError = invalidToken(error);
    if (tokenError === null) throw error;
    // only the token the sync used: one replaced meanwhile is not marked
    await db().channel.updateMany({
      where: { id: channelId, accessTokenEnc: channel.accessTokenEnc },
      data: { tokenInvalidAt: new Date(), tokenError },
    });
    return { synced: 0, deactivated: 0, needs_new_token: true };
  }

  // the routing roles are read with every sync (on registration, every 15 minutes, on demand)
  await readRoutingRoles(channel);
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
    // the token worked: whatever a sync with an earlier one said, the channel needs nothing
    await tx.channel.update({
      where: { id: channelId },
      data: { templatesSyncedAt: new Date(), tokenInvalidAt: null, tokenError: null },
    });
    return { synced: seen.length, deactivated: goneTemplates.count + goneTranslations.count };
  });
}
