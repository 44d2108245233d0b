import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { createApiKey } from "@/lib/keys/create-api-key";
import { KEY_DASHBOARD } from "@/lib/keys/dashboard-endpoints";
import { toApiKeyJson } from "@/lib/keys/key-json";
import { listApiKeys } from "@/lib/keys/list-keys";

export const GET = dashboardEndpoint(KEY_DASHBOARD.listKeys, async ({ session }) => ({
  keys: await listApiKeys(session.organizationId),
}));

export const POST = dashboardEndpoint(KEY_DASHBOARD.createKey, async ({ session, body }) => {
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
  return { key, api_key: toApiKeyJson(apiKey) };
});

export const { PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET", "POST"]);
