import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { DeliveryJson } from "@/lib/webhooks/delivery-json";
import { toDeliveryJson } from "@/lib/webhooks/delivery-json";
import type { DeliveryWebhookRef } from "@/lib/webhooks/delivery-schemas";
import { DELIVERY_ID } from "@/lib/webhooks/get-delivery-detail";
import { redeliver } from "@/lib/webhooks/redeliver";
import { findDeliveryWebhook } from "@/lib/webhooks/repository/deliveries";

/**
 * The dashboard knows a delivery by its id alone: find its webhook within the organization,
 * then redeliver as the API does (lib/webhooks/redeliver.ts: pending, due now, queued). Answers the
 * delivery with its webhook, as the details do.
 */
export async function redeliverOne(
  organizationId: string,
  deliveryId: string,
): Promise<DeliveryJson & { webhook: DeliveryWebhookRef }> {
  const found = DELIVERY_ID.test(deliveryId) ? await findDeliveryWebhook(organizationId, deliveryId) : null;
  if (!found) throw new ApiError("RESOURCE_NOT_FOUND", `No delivery ${deliveryId} in this organization.`);
  return {
    ...toDeliveryJson(await redeliver(organizationId, found.webhookId, deliveryId)),
    webhook: found.webhook,
  };
}
