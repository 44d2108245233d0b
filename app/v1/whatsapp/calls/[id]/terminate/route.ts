import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { callAction } from "@/lib/calls/call-actions";
import { CALL_ENDPOINTS } from "@/lib/calls/endpoints";

export const POST = apiRoute(CALL_ENDPOINTS.terminateCall, async ({ org, params }) =>
  ok(await callAction(org.id, params.id, "terminate")),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
