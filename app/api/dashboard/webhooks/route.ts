import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { listWebhookRows } from "@/lib/webhooks/list-webhooks";
import { WEBHOOK_LIMITS } from "@/lib/webhooks/schemas";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

export const GET = dashboardEndpoint(WEBHOOK_DASHBOARD.listWebhooks, async ({ session }) => ({
  webhooks: await listWebhookRows(session.organizationId),
  limit: WEBHOOK_LIMITS.perOrganization,
}));

export const POST = dashboardEndpoint(WEBHOOK_DASHBOARD.createWebhook, async ({ session, body }) => ({
  webhook: toWebhookJson(await createWebhook(session.organizationId, body)),
}));

export const { PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["GET", "POST"]);
