import "#server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type {
  TemplateRowJson,
  TemplatesPageJson,
  TemplatesQuery,
} from "@/lib/templates/template-list-schemas";

type TemplateFilter = {
  organizationId: string;
  channelId?: string;
  /** part of the name, any case */
  search?: string;
  /** only templates with an APPROVED language: what GET /v1/whatsapp/templates lists */
  sendable?: boolean;
};

/** The one filter of both lists of templates: the organization's synchronized (active) ones. */
function templateWhere(filter: TemplateFilter): Prisma.TemplateWhereInput {
  return {
    organizationId: filter.organizationId,
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
  const where = templateWhere({ organizationId, channelId, sendable: true });
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

/**
 * The organization's templates as synchronized (active ones), by channel and name, with every
 * active language and its status: unlike GET /v1/whatsapp/templates, pending and rejected
 * languages show too, so staff can see why a template cannot be sent yet.
 */
export async function listOrgTemplates(
  organizationId: string,
  query: TemplatesQuery,
): Promise<TemplatesPageJson> {
  const where = templateWhere({ organizationId, channelId: query.channel_id, search: query.search });
  const [rows, total, channels] = await Promise.all([
    db().template.findMany({
      where,
      include: {
        channel: { select: { id: true, name: true, displayPhoneNumber: true, status: true } },
        translations: { where: { active: true }, orderBy: { language: "asc" } },
      },
      orderBy: [{ channel: { createdAt: "asc" } }, { name: "asc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    }),
    db().template.count({ where }),
    db().channel.findMany({
      where: { organizationId },
      select: { id: true, name: true, displayPhoneNumber: true, status: true },
      orderBy: { createdAt: "asc" },
      take: 200,
    }),
  ]);
  const templates: TemplateRowJson[] = rows.map((t) => ({
    id: t.id,
    name: t.name,
    category: t.category,
    channel: {
      id: t.channel.id,
      name: t.channel.name,
      display_phone_number: t.channel.displayPhoneNumber,
      status: t.channel.status,
    },
    languages: t.translations.map((tr) => ({
      code: tr.language,
      status: tr.status,
      category: tr.category,
      status_reason: tr.statusReason,
      status_details: tr.statusDetails,
      components: Array.isArray(tr.components) ? tr.components : [],
      parameter_format: tr.parameterFormat === "NAMED" ? "NAMED" : "POSITIONAL",
      updated_at: tr.updatedAt.toISOString(),
    })),
    updated_at: t.updatedAt.toISOString(),
  }));
  return {
    templates,
    page: query.page,
    per_page: query.per_page,
    total,
    channels: channels.map((c) => ({
      id: c.id,
      name: c.name,
      display_phone_number: c.displayPhoneNumber,
      status: c.status,
    })),
  };
}
