import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { resolveReadChannel } from "@/lib/channels/resolve-channel";
import { TEMPLATE_ENDPOINTS } from "@/lib/templates/endpoints";
import { listTemplates } from "@/lib/templates/repository";
import { toTemplateJson } from "@/lib/templates/template-json";

export const GET = apiRoute(TEMPLATE_ENDPOINTS.listTemplates, async ({ org, query }) => {
  const channel = await resolveReadChannel(org.id, query.channel_id);
  const { templates, total } = await listTemplates(org.id, channel.id, query.page, query.per_page);
  return ok(templates.map(toTemplateJson), pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
