import { created, ok, pageMeta } from "@/lib/api/envelope";
import { pageQuery } from "@/lib/api/pagination";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { listWebhooks } from "@/lib/webhooks/list-webhooks";
import { createWebhookBody } from "@/lib/webhooks/schemas";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

export const GET = apiRoute({ scope: "webhooks:manage", query: pageQuery }, async ({ org, query }) => {
  const { webhooks, total } = await listWebhooks(org.id, { page: query.page, perPage: query.per_page });
  return ok(webhooks.map(toWebhookJson), pageMeta(query.page, query.per_page, total));
});

export const POST = apiRoute({ scope: "webhooks:manage", body: createWebhookBody }, async ({ org, body }) =>
  created(toWebhookJson(await createWebhook(org.id, body))),
);

export const { PUT, PATCH, DELETE } = methodNotAllowed(["GET", "POST"]);
