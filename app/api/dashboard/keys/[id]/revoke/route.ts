import { z } from "zod";
import { ApiError } from "@/lib/api/errors";
import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { toApiKeyJson } from "@/lib/keys/key-json";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";

/** Revokes a key of the session's organization (idempotent); effective everywhere within a second. */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: MANAGERS },
  async ({ session, params }) => {
    const id = z.uuid().safeParse(params.id);
    const key = id.success ? await revokeApiKey(id.data, session.organizationId) : null;
    if (!key) throw new ApiError("RESOURCE_NOT_FOUND", "No such API key.", { field: "id" });
    return jsonOk({ api_key: toApiKeyJson(key) });
  },
);
