import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { changeFlowStatus } from "@/lib/flows/change-flow-status";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";

export const POST = apiRoute(FLOW_ENDPOINTS.deprecateFlow, async ({ org, params }) =>
  ok(await changeFlowStatus(org.id, params.id, "deprecate")),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
