import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { EVENT_ENDPOINTS } from "@/lib/events/endpoints";
import { toEventDetailJson } from "@/lib/events/event-json";
import { getEventOrThrow } from "@/lib/events/get-event";

export const GET = apiRoute(EVENT_ENDPOINTS.getEvent, async ({ org, params }) =>
  ok(toEventDetailJson(await getEventOrThrow(org.id, params.id))),
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
