import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { toDeliveryJson } from "@/lib/webhooks/delivery-json";
import type { DeliveryDetailJson } from "@/lib/webhooks/delivery-schemas";
import { findDeliveryDetail } from "@/lib/webhooks/repository/deliveries";

export const DELIVERY_ID = /^wh_\d{1,16}_[0-9a-f]{1,64}$/;

/** The request body of every attempt, byte for byte as lib/webhooks/deliver.ts builds it. */
function envelope(
  delivery: { id: string; organizationId: string },
  event: { name: string; createdAt: Date; data: unknown },
): string {
  return JSON.stringify({
    id: delivery.id,
    event: event.name,
    timestamp: event.createdAt.toISOString(),
    organization_id: delivery.organizationId,
    data: event.data,
  });
}

/** One delivery of the organization with its webhook, payload and every attempt, or 404. */
export async function getDeliveryDetail(organizationId: string, id: string): Promise<DeliveryDetailJson> {
  const delivery = DELIVERY_ID.test(id) ? await findDeliveryDetail(organizationId, id) : null;
  if (!delivery) throw new ApiError("RESOURCE_NOT_FOUND", `No delivery ${id} in this organization.`);
  return {
    ...toDeliveryJson(delivery),
    webhook: delivery.webhook,
    payload: envelope(delivery, delivery.event),
  };
}
