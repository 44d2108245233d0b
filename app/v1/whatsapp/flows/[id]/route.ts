import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { deleteFlow } from "@/lib/flows/delete-flow";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { toFlowJson } from "@/lib/flows/flow-json";
import { updateFlow } from "@/lib/flows/update-flow";

export const GET = apiRoute(FLOW_ENDPOINTS.getFlow, async ({ org, params }) =>
  ok(toFlowJson(await findFlowOrThrow(org.id, params.id))),
);

export const PATCH = apiRoute(FLOW_ENDPOINTS.updateFlow, async ({ org, params, body }) =>
  ok(await updateFlow(org.id, params.id, body)),
);

export const DELETE = apiRoute(FLOW_ENDPOINTS.deleteFlow, async ({ org, params }) =>
  ok(await deleteFlow(org.id, params.id)),
);

export const { POST, PUT } = methodNotAllowed(["GET", "PATCH", "DELETE"]);
