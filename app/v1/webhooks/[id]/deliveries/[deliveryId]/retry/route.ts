import { ok } from "@/lib/api/envelope";
import { apiRoute, methodNotAllowed } from "@/lib/api/route";
import { toDeliveryJson } from "@/lib/webhooks/delivery-json";
import { WEBHOOK_ENDPOINTS } from "@/lib/webhooks/endpoints";
import { redeliver } from "@/lib/webhooks/redeliver";

/** Redeliver: answers the delivery, `pending` and due now, with its attempts so far. */
export const POST = apiRoute(WEBHOOK_ENDPOINTS.redeliver, async ({ org, params }) =>
  ok(toDeliveryJson(await redeliver(org.id, params.id, params.deliveryId))),
);

export const { GET, PUT, PATCH, DELETE } = methodNotAllowed(["POST"]);
