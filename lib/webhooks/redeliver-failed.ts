import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { logger } from "@/lib/logger";
import { BULK_REDELIVER_CAP, type BulkRedeliverJson } from "@/lib/webhooks/delivery-schemas";
import { ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { makeFailedDeliveriesDue } from "@/lib/webhooks/repository/deliveries";

const ENQUEUE_CONCURRENCY = 20;

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Bulk "redeliver": the failed deliveries of one webhook created in [since, until) become
 * pending and due now, oldest first, at most BULK_REDELIVER_CAP a call (`more` says whether
 * failed ones remain). One conditional UPDATE moves them (a delivery another request already
 * moved is skipped); then each gets the job of its next attempt, as a single redelivery does
 * (lib/webhooks/redeliver.ts). A job that cannot be queued is left to the sweeper.
 */
export async function redeliverFailed(
  organizationId: string,
  input: { webhookId: string; since: Date; until?: Date },
): Promise<BulkRedeliverJson> {
  const webhook = await getWebhookOrThrow(organizationId, input.webhookId);
  if (webhook.status !== "active") {
    const hint = "the webhook is disabled; enable it first";
    throw new ApiError("VALIDATION_INVALID_FIELD", `Cannot redeliver: ${hint}.`, { field: "status", hint });
  }
  const { moved, more } = await makeFailedDeliveriesDue(organizationId, webhook.id, {
    since: input.since,
    until: input.until ?? new Date(),
    cap: BULK_REDELIVER_CAP,
    now: new Date(),
  });
  await inPool(moved, ENQUEUE_CONCURRENCY, async (d) => {
    await ensureDeliveryJob(d.id, d.attempt_count + 1, { promote: true }).catch((err: unknown) =>
      logger.warn({ err: String(err), deliveryId: d.id }, "bulk redeliver: enqueue failed; the sweeper will"),
    );
  });
  return { queued: moved.length, more };
}
