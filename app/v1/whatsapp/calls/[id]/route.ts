import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toCallJson } from "@/lib/calls/call-json";
import { CALL_ENDPOINTS } from "@/lib/calls/endpoints";
import { findCallOrThrow } from "@/lib/calls/find-call";

export const GET = apiRoute(CALL_ENDPOINTS.getCall, async ({ org, params }) =>
  ok(toCallJson(await findCallOrThrow(org.id, params.id))),
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
