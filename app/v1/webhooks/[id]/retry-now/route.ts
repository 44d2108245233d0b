import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";
import { retryNow } from "@/lib/webhooks/retry-now";

/** Retry now: the webhook's retrying deliveries (optionally of a time range) are attempted at once. */
export const POST = apiRoute(WEBHOOK_ENDPOINTS.retryNow, async ({ org, params, body }) =>
  ok(await retryNow(org.id, { webhookId: params.id, since: body.since, until: body.until })),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
