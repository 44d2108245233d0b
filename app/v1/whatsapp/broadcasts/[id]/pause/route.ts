import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { controlBroadcast } from "@/lib/broadcasts/control-broadcast";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";

export const POST = apiRoute(BROADCAST_ENDPOINTS.pauseBroadcast, async ({ org, params }) =>
  ok(await controlBroadcast(org.id, params.id, "pause")),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
