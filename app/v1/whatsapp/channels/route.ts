import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toChannelJson } from "@/lib/channels/channel-json";
import { CHANNEL_ENDPOINTS } from "@/lib/channels/endpoints";
import { listChannels } from "@/lib/channels/repository";

/** Beyond the contract: lets clients find their channel ids (scope whatsapp:templates). */
export const GET = apiRoute(CHANNEL_ENDPOINTS.listChannels, async ({ org, query }) => {
  const { channels, total } = await listChannels(org.id, query.page, query.per_page);
  return ok(channels.map(toChannelJson), pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
