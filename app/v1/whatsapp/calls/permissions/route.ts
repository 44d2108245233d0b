import { created } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { CALL_ENDPOINTS } from "@/lib/calls/endpoints";
import { requestCallPermission } from "@/lib/calls/request-permission";

export const POST = apiRoute(CALL_ENDPOINTS.requestCallPermission, async ({ org, body }) =>
  created(await requestCallPermission(org.id, body)),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
