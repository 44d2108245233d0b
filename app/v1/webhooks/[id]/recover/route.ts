import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";
import { redeliverFailed } from "@/lib/webhooks/redeliver-failed";

export const POST = apiRoute(WEBHOOK_ENDPOINTS.recoverWebhook, async ({ org, params, body }) => {
  const { queued, more } = await redeliverFailed(org.id, { webhookId: params.id, ...body });
  return ok({ count: queued, more });
});

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
