import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import { TEST_EVENT_NAME } from "@/lib/events/names";
import { buildEventData } from "@/lib/events/payloads";
import { newDeliveryId } from "@/lib/events/record-event";
import { insertEvent } from "@/lib/events/repository";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { insertDelivery } from "@/lib/webhooks/repository/deliveries";

/**
 * "Send test event": an Event and a single Delivery to this webhook only, delivered like any
 * other (signed, retried, listed with its attempts). Refused while the webhook is disabled,
 * because the worker would fail it at once.
 */
export async function sendTestEvent(
  organizationId: string,
  webhookId: string,
): Promise<{ deliveryId: string; eventId: string }> {
  const webhook = await getWebhookOrThrow(organizationId, webhookId);
  if (webhook.status !== "active") {
    const hint = "the webhook is disabled; enable it first";
    throw new ApiError("VALIDATION_INVALID_FIELD", `Cannot send a test event: ${hint}.`, {
      field: "status",
      hint,
    });
  }
  const now = new Date();
  const deliveryId = newDeliveryId(now.getTime());
  const eventId = await db().$transaction(async (tx) => {
    const event = await insertEvent(
      organizationId,
      {
        name: TEST_EVENT_NAME,
        createdAt: now,
        data: buildEventData(TEST_EVENT_NAME, {
          webhookId,
          message: "A test event sent from the dashboard. It changes nothing.",
          timestamp: now.toISOString(),
        }),
      },
      tx,
    );
    await insertDelivery(
      organizationId,
      { id: deliveryId, webhookId, eventId: event.id, nextAttemptAt: now },
      tx,
    );
    return event.id;
  });
  await enqueueDeliveries([deliveryId]);
  return { deliveryId, eventId };
}
