import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { type DeliveryWithAttempts, deliveryInclude } from "@/lib/webhooks/delivery-json";
import { ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";

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
  const delivery = await db().delivery.findFirst({ where: { id: deliveryId, webhookId, organizationId } });
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
    (await db().deliveryAttempt.count({ where: { deliveryId, attemptNumber: count } })) === 0;
  if (inFlight)
    return db().delivery.findUniqueOrThrow({ where: { id: deliveryId }, include: deliveryInclude });
  await db().delivery.updateMany({
    where: { id: deliveryId, status: delivery.status, attemptCount: count },
    data: { status: "pending", nextAttemptAt: new Date(), succeededAt: null },
  });
  // read before the job is queued: the answer is the delivery as redelivered (pending), not as a
  // worker that took the job at once may already have left it (a quick failed attempt)
  const redelivered = await db().delivery.findUniqueOrThrow({
    where: { id: deliveryId },
    include: deliveryInclude,
  });
  await ensureDeliveryJob(deliveryId, count + 1, { promote: true });
  return redelivered;
}
