import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { changeFlowStatus } from "@/lib/flows/change-flow-status";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";

export const POST = apiRoute(FLOW_ENDPOINTS.publishFlow, async ({ org, params }) =>
  ok(await changeFlowStatus(org.id, params.id, "publish")),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
