import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { FLOW_ENDPOINTS } from "@/lib/flows/endpoints";
import { previewFlow } from "@/lib/flows/preview-flow";

export const GET = apiRoute(FLOW_ENDPOINTS.previewFlow, async ({ org, params }) =>
  ok(await previewFlow(org.id, params.id)),
);

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
