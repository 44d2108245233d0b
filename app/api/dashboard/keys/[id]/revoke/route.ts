import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { KEY_DASHBOARD } from "@/lib/keys/dashboard-endpoints";
import { toApiKeyJson } from "@/lib/keys/key-json";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";

export const POST = dashboardEndpoint(KEY_DASHBOARD.revokeKey, async ({ session, params }) => {
  const id = z.uuid().safeParse(params.id);
  const key = id.success ? await revokeApiKey(session.organizationId, id.data) : null;
  if (!key) throw new ApiError("RESOURCE_NOT_FOUND", "No such API key.", { field: "id" });
  return { api_key: toApiKeyJson(key) };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
