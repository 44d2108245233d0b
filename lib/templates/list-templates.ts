import "#server-only";
import { listChannelSummaries } from "@/lib/channels/repository";
import { listTemplateRows } from "@/lib/templates/repository";
import type {
  TemplateRowJson,
  TemplatesPageJson,
  TemplatesQuery,
} from "@/lib/templates/template-list-schemas";

/**
 * The organization's templates as synchronized (active ones), by channel and name, with every
 * active language and its status: unlike GET /v1/whatsapp/templates, pending and rejected
 * languages show too, so staff can see why a template cannot be sent yet.
 */
export async function listOrgTemplates(
  organizationId: string,
  query: TemplatesQuery,
): Promise<TemplatesPageJson> {
  const [{ rows, total }, channels] = await Promise.all([
    listTemplateRows(organizationId, {
      channelId: query.channel_id,
      search: query.search,
      page: query.page,
      perPage: query.per_page,
    }),
    listChannelSummaries(organizationId),
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
