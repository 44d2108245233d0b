import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { deleteWebhook } from "@/lib/webhooks/delete-webhook";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { updateWebhook } from "@/lib/webhooks/update-webhook";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

export const GET = apiRoute(WEBHOOK_ENDPOINTS.getWebhook, async ({ org, params }) =>
  ok(toWebhookJson(await getWebhookOrThrow(org.id, params.id))),
);

export const PATCH = apiRoute(WEBHOOK_ENDPOINTS.updateWebhook, async ({ org, params, body }) =>
  ok(toWebhookJson(await updateWebhook(org.id, params.id, body))),
);

export const DELETE = apiRoute(WEBHOOK_ENDPOINTS.deleteWebhook, async ({ org, params }) =>
  ok(await deleteWebhook(org.id, params.id)),
);

export const { POST, PUT } = methodNotAllowed(["GET", "PATCH", "DELETE"]);
