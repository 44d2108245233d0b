import { ok } from "@/lib/api/envelope";
import { ApiError } from "@/lib/api/errors";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { BROADCAST_ENDPOINTS } from "@/lib/broadcasts/endpoints";
import { findBroadcast } from "@/lib/broadcasts/find-broadcast";

export const GET = apiRoute(BROADCAST_ENDPOINTS.getBroadcast, async ({ org, params }) => {
  const broadcast = await findBroadcast(org.id, params.id);
  if (!broadcast) throw new ApiError("RESOURCE_NOT_FOUND", "No such broadcast.", { field: "id" });
  return ok(broadcast);
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
