import { created, ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";
import { listWebhooks } from "@/lib/webhooks/repository/webhooks";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

export const GET = apiRoute(WEBHOOK_ENDPOINTS.listWebhooks, async ({ org, query }) => {
  const { webhooks, total } = await listWebhooks(org.id, { page: query.page, perPage: query.per_page });
  return ok(webhooks.map(toWebhookJson), pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute(WEBHOOK_ENDPOINTS.createWebhook, async ({ org, body }) =>
  created(toWebhookJson(await createWebhook(org.id, body))),
);

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
