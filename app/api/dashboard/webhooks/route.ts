import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { createWebhookBody, WEBHOOK_LIMITS } from "@/lib/webhooks/schemas";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";
import { listWebhookRows } from "@/lib/webhooks/webhook-rows";

/** Every webhook with its last 24 hours (success rate, failures, retries), and how many may exist. */
export const GET = dashboardRoute({ roles: MANAGERS }, async ({ session }) =>
  jsonOk({ webhooks: await listWebhookRows(session.organizationId), limit: WEBHOOK_LIMITS.perOrganization }),
);

/** Registers a webhook (same rules as POST /v1/webhooks); the secret is never answered. */
export const POST = dashboardRoute({ roles: MANAGERS, body: createWebhookBody }, async ({ session, body }) =>
  jsonOk({ webhook: toWebhookJson(await createWebhook(session.organizationId, body)) }, 201),
);
