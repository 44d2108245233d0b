import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { retryFailed } from "@/lib/broadcasts/retry-failed";

export const POST = apiRoute(BROADCAST_ENDPOINTS.retryBroadcast, async ({ org, params }) =>
  ok(await retryFailed(org.id, params.id)),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
