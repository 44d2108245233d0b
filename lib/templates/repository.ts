import "#server-only";
import { isOwnChannel, updateChannelRow } from "@/lib/channels/repository";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `templates` table and its translations (docs/architecture.md "Repositories"): every function
 * takes the organization first and reads and writes only that organization's rows (a translation
 * through its template's organization), so an id of another organization finds and changes nothing,
 * whatever the caller read before. The every-15-minutes sync of every organization's channels is a
 * sweeper (lib/templates/sync-all-templates.ts, docs/security.md).
 */

type TemplateFilter = {
  channelId?: string;
  /** part of the name, any case */
  search?: string;
  /** only templates with an APPROVED language: what GET /v1/whatsapp/templates lists */
  sendable?: boolean;
};

/** The one filter of both lists of templates: the organization's synchronized (active) ones. */
function templateWhere(organizationId: string, filter: TemplateFilter): Prisma.TemplateWhereInput {
  return {
    organizationId,
    active: true,
    ...(filter.channelId ? { channelId: filter.channelId } : {}),
    ...(filter.search ? { name: { contains: filter.search, mode: "insensitive" } } : {}),
    ...(filter.sendable ? { translations: { some: { active: true, status: "APPROVED" } } } : {}),
  };
}

/** Active templates of a channel with at least one APPROVED translation, by name. */
export async function listTemplates(
  organizationId: string,
  channelId: string,
  page: number,
  perPage: number,
) {
  const where = templateWhere(organizationId, { channelId, sendable: true });
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

/** One page of the organization's active templates by channel and name, each with its channel and active languages. */
export async function listTemplateRows(
  organizationId: string,
  filter: { channelId?: string; search?: string; page: number; perPage: number },
) {
  const where = templateWhere(organizationId, filter);
  const [rows, total] = await Promise.all([
    db().template.findMany({
      where,
      include: {
        channel: { select: { id: true, name: true, displayPhoneNumber: true, status: true } },
        translations: { where: { active: true }, orderBy: { language: "asc" } },
      },
      orderBy: [{ channel: { createdAt: "asc" } }, { name: "asc" }],
      skip: (filter.page - 1) * filter.perPage,
      take: filter.perPage,
    }),
    db().template.count({ where }),
  ]);
  return { rows, total };
}

/** The translations `where` names, of the organization's templates only. */
const ofOrganization = (
  organizationId: string,
  where: Prisma.TemplateTranslationWhereInput,
): Prisma.TemplateTranslationWhereInput => ({ AND: [where, { template: { organizationId } }] });

/** Writes a status notification on the translations it names. */
export async function updateTranslations(
  organizationId: string,
  where: Prisma.TemplateTranslationWhereInput,
  data: Prisma.TemplateTranslationUpdateManyMutationInput,
): Promise<void> {
  await db().templateTranslation.updateMany({ where: ofOrganization(organizationId, where), data });
}

/** A category notification: the translations it names and their templates take the new category. */
export function setTranslationCategory(
  organizationId: string,
  where: Prisma.TemplateTranslationWhereInput,
  category: string,
): Promise<void> {
  return db().$transaction(async (tx) => {
    const rows = await tx.templateTranslation.findMany({
      where: ofOrganization(organizationId, where),
      select: { id: true, templateId: true },
    });
    await tx.templateTranslation.updateMany({
      where: { id: { in: rows.map((r) => r.id) }, template: { organizationId } },
      data: { category },
    });
    await tx.template.updateMany({
      where: { id: { in: rows.map((r) => r.templateId) }, organizationId },
      data: { category },
    });
  });
}

/**
 * The organization's active template of a channel by name, with its active translations: what a
 * send checks its template against (lib/messages/find-template-translation.ts), or null.
 */
export function findSendTemplate(organizationId: string, channelId: string, name: string) {
  return db().template.findFirst({
    where: { organizationId, channelId, name, active: true },
    include: { translations: { where: { active: true } } },
  });
}

/**
 * The organization's active template by id, with its approved translations by language: what a
 * send naming the template's id takes its name, channel and language from, or null.
 */
export function findTemplateToSend(organizationId: string, id: string) {
  return db().template.findFirst({
    where: { id, organizationId, active: true },
    include: {
      translations: { where: { active: true, status: "APPROVED" }, orderBy: { language: "asc" } },
    },
  });
}

/** One template language as the upstream lists it. */
export type SyncedTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: string;
  components: unknown[];
};

/**
 * Replaces the channel's templates with the upstream's list in one transaction: listed ones are
 * written and active, the others deactivated, and the channel marked synced with a working token.
 * Nothing is written when the channel is not the organization's.
 */
export function storeSyncedTemplates(
  organizationId: string,
  channelId: string,
  seen: SyncedTemplate[],
): Promise<{ synced: number; deactivated: number }> {
  return db().$transaction(async (tx) => {
    if (!(await isOwnChannel(organizationId, channelId, tx))) return { synced: 0, deactivated: 0 };
    const keepTranslations: string[] = [];
    for (const t of seen) {
      const template = await tx.template.upsert({
        where: { channelId_name: { channelId, name: t.name }, organizationId },
        create: { organizationId, channelId, name: t.name, category: t.category },
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
      // keyed by the template the statement above wrote for the organization: a filter through the
      // template would cost PostgreSQL's own upsert (ON CONFLICT), which two syncs at once rely on
      const translation = await tx.templateTranslation.upsert({
        where: { templateId_language: { templateId: template.id, language: t.language } },
        create: { templateId: template.id, language: t.language, ...data },
        update: data,
      });
      keepTranslations.push(translation.id);
    }
    const goneTranslations = await tx.templateTranslation.updateMany({
      where: { template: { channelId, organizationId }, active: true, id: { notIn: keepTranslations } },
      data: { active: false },
    });
    const goneTemplates = await tx.template.updateMany({
      where: {
        channelId,
        organizationId,
        active: true,
        name: { notIn: [...new Set(seen.map((t) => t.name))] },
      },
      data: { active: false },
    });
    // the token worked: whatever a sync with an earlier one (or an earlier failure) said, the channel needs nothing
    await updateChannelRow(
      organizationId,
      channelId,
      {
        templatesSyncedAt: new Date(),
        tokenInvalidAt: null,
        tokenError: null,
        templatesSyncFailedAt: null,
        templatesSyncError: null,
      },
      tx,
    );
    return { synced: seen.length, deactivated: goneTemplates.count + goneTranslations.count };
  });
}
