import { z } from "zod";
import { answer, declareDashboardEndpoints } from "@/lib/auth/dashboard-endpoint";
import { MANAGERS } from "@/lib/auth/roles";
import { type ApiKeyJson, type CreatedKeyJson, createKeyBody } from "@/lib/keys/schemas";

/** The API keys page (app/api/dashboard/keys): owners and admins. */
export const KEY_DASHBOARD = declareDashboardEndpoints({
  listKeys: {
    method: "GET",
    path: "/api/dashboard/keys",
    roles: MANAGERS,
    answer: answer<{ keys: ApiKeyJson[] }>(),
    status: 200,
  },
  /** the answer is the only time the key itself is ever shown */
  createKey: {
    method: "POST",
    path: "/api/dashboard/keys",
    roles: MANAGERS,
    body: createKeyBody,
    answer: answer<CreatedKeyJson>(),
    status: 201,
  },
  /** idempotent; effective everywhere within a second */
  revokeKey: {
    method: "POST",
    path: "/api/dashboard/keys/{id}/revoke",
    roles: MANAGERS,
    params: z.object({ id: z.string() }),
    answer: answer<{ api_key: ApiKeyJson }>(),
    status: 200,
  },
});
