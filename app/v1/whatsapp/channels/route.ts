import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toChannelJson } from "@/lib/channels/channel-json";
import { pageQuery } from "@/lib/contacts/schemas";
import { db } from "@/lib/db";

/** Beyond the contract: lets clients find their channel ids (scope whatsapp:templates). */
export const GET = apiRoute({ scope: "whatsapp:templates", query: pageQuery }, async ({ org, query }) => {
  const where = { organizationId: org.id };
  const [channels, total] = await Promise.all([
    db().channel.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: (query.page - 1) * query.per_page,
      take: query.per_page,
    }),
    db().channel.count({ where }),
  ]);
  return ok(channels.map(toChannelJson), pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
