import { ok, pageMeta } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toDeliveryJson } from "@/lib/webhooks/delivery-json";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const GET = apiRoute(WEBHOOK_ENDPOINTS.listDeliveries, async ({ org, params, query }) => {
  const { status, event, since, until } = query;
  const { deliveries, total } = await listDeliveries(
    org.id,
    { webhookId: params.id, status, event, since, until },
    { page: query.page, perPage: query.per_page },
  );
  return ok(deliveries.map(toDeliveryJson), pageMeta(query.page, query.per_page, total));
});

export const { POST, PUT, PATCH, DELETE } = methodNotAllowed(["GET"]);
