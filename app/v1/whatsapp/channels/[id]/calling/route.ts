import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { getCallSettings, updateCallSettings } from "@/lib/calls/call-settings";
import { CALL_ENDPOINTS } from "@/lib/calls/endpoints";

export const GET = apiRoute(CALL_ENDPOINTS.getCallSettings, async ({ org, params }) =>
  ok(await getCallSettings(org.id, params.id)),
);

export const PATCH = apiRoute(CALL_ENDPOINTS.updateCallSettings, async ({ org, params, body }) =>
  ok(await updateCallSettings(org.id, params.id, body)),
);

export const { POST, PUT, DELETE } = methodNotAllowed(["GET", "PATCH"]);
