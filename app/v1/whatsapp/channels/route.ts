import { ok, pageMeta } from "@/lib/api/envelope";
import { pageQuery } from "@/lib/api/pagination";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toChannelJson } from "@/lib/channels/channel-json";
import { listChannels } from "@/lib/channels/list-channels";

/** Beyond the contract: lets clients find their channel ids (scope whatsapp:templates). */
export const GET = apiRoute({ scope: "whatsapp:templates", query: pageQuery }, async ({ org, query }) => {
  const { channels, total } = await listChannels(org.id, query.page, query.per_page);
  return ok(channels.map(toChannelJson), pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
