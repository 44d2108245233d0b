import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { EVENT_ENDPOINTS } from "@/lib/events/endpoints";
import { toEventJson } from "@/lib/events/event-json";
import { listEvents } from "@/lib/events/list-events";

export const GET = apiRoute(EVENT_ENDPOINTS.listEvents, async ({ org, query }) => {
  const { events, total, hasMore } = await listEvents(org.id, query);
  // the count stops at its cap: one row past the page says whether another one follows
  return ok(events.map(toEventJson), { ...pageMeta(query.page, query.per_page, total), has_more: hasMore });
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
