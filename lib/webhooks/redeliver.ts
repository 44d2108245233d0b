import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { DeliveryWithAttempts } from "@/lib/webhooks/delivery-json";
import { ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import {
  findWebhookDelivery,
  getDeliveryWithAttempts,
  isAttemptRecorded,
  makeDeliveryDue,
} from "@/lib/webhooks/repository/deliveries";

/**
 * "Redeliver" (dashboard and API): the delivery becomes `pending`, due now, and its next
 * attempt is queued at once; attempt numbers continue (an attempt is never renumbered). A
 * delivery waiting for a retry is brought forward; one whose attempt is in flight (claimed,
 * not yet recorded) is answered unchanged. Past the automatic schedule a redelivery is a
 * single attempt (retry-schedule.ts).
 */
export async function redeliver(
  organizationId: string,
  webhookId: string,
  deliveryId: string,
): Promise<DeliveryWithAttempts> {
  const webhook = await getWebhookOrThrow(organizationId, webhookId);
  const delivery = await findWebhookDelivery(organizationId, webhookId, deliveryId);
  if (!delivery)
    throw new ApiError("RESOURCE_NOT_FOUND", `No delivery ${deliveryId} for webhook ${webhookId}.`);
  if (webhook.status !== "active") {
    const hint = "the webhook is disabled; set its status to active (PATCH /v1/webhooks/{id}) first";
    throw new ApiError("VALIDATION_INVALID_FIELD", `Cannot redeliver: ${hint}.`, { field: "status", hint });
  }
  const count = delivery.attemptCount;
  const inFlight =
    delivery.status === "pending" &&
    count > 0 &&
    !(await isAttemptRecorded(organizationId, deliveryId, count));
  if (inFlight) return getDeliveryWithAttempts(organizationId, deliveryId);
  await makeDeliveryDue(organizationId, deliveryId, { status: delivery.status, attemptCount: count });
  // read before the job is queued: the answer is the delivery as redelivered (pending), not as a
  // worker that took the job at once may already have left it (a quick failed attempt)
  const redelivered = await getDeliveryWithAttempts(organizationId, deliveryId);
  await ensureDeliveryJob(deliveryId, count + 1, { promote: true });
  return redelivered;
}
