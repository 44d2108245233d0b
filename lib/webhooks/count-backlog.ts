import "#server-only";
import { type BacklogJson, MATCH_COUNT_CAP } from "@/lib/webhooks/delivery-schemas";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { countDeliveryBacklog } from "@/lib/webhooks/repository/deliveries";

/**
 * What "Retry now" and "Redeliver failed" would take for one webhook and period: deliveries
 * waiting for their next automatic attempt, and deliveries whose retries are spent. Each count
 * stops at MATCH_COUNT_CAP (a range scan of deliveries(webhook_id, created_at)).
 */
export async function countBacklog(
  organizationId: string,
  input: { webhookId: string; since?: Date; until?: Date },
): Promise<BacklogJson> {
  const webhook = await getWebhookOrThrow(organizationId, input.webhookId);
  const { retrying, failed } = await countDeliveryBacklog(organizationId, webhook.id, {
    since: input.since,
    until: input.until,
    cap: MATCH_COUNT_CAP,
  });
  return {
    retrying: Math.min(retrying, MATCH_COUNT_CAP),
    retrying_capped: retrying > MATCH_COUNT_CAP,
    failed: Math.min(failed, MATCH_COUNT_CAP),
    failed_capped: failed > MATCH_COUNT_CAP,
    webhook_active: webhook.status === "active",
  };
}
