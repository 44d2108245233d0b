import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { createApiKey } from "@/lib/keys/create-api-key";
import { toApiKeyJson } from "@/lib/keys/key-json";
import { listApiKeys } from "@/lib/keys/list-keys";
import { type CreatedKeyJson, createKeyBody } from "@/lib/keys/schemas";

export const GET = dashboardRoute({ roles: MANAGERS }, async ({ session }) =>
  jsonOk({ keys: await listApiKeys(session.organizationId) }),
);

/** Creates a key; the answer is the only time the key itself is ever shown. */
export const POST = dashboardRoute({ roles: MANAGERS, body: createKeyBody }, async ({ session, body }) => {
  const { apiKey, key } = await createApiKey({
    organizationId: session.organizationId,
    name: body.name,
    kind: body.kind,
    scopes: body.scopes,
    expiresAt: body.expires_at ? new Date(body.expires_at) : null,
    perMinuteLimit: body.per_minute_limit,
    perDayLimit: body.per_day_limit,
    createdById: session.userId,
  });
  const created: CreatedKeyJson = { key, api_key: toApiKeyJson(apiKey) };
  return jsonOk(created, 201);
});
