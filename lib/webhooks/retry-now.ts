import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { BULK_REDELIVER_CAP } from "@/lib/webhooks/delivery-schemas";
import { deliveryJobId, ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { bringRetriesForward } from "@/lib/webhooks/repository/deliveries";

const ENQUEUE_CONCURRENCY = 20;

export type RetryNowInput = { webhookId: string; since?: Date; until?: Date };

/**
 * "Retry now" (dashboard and POST /v1/webhooks/{id}/retry-now): the retrying deliveries of one
 * webhook (pending after at least one failed attempt) created in [since, until) are due now
 * instead of at their scheduled retry, oldest first, at most BULK_REDELIVER_CAP a call.
 *
 * A delivery whose attempt is in flight is left alone: its latest attempt is claimed (the
 * attempt count moved on, deliver.ts) but not yet recorded, so no delivery_attempts row has
 * that number. The UPDATE re-checks that under the row lock, so a claim made meanwhile wins
 * and the delivery is not counted; the re-check reads the clock at that moment, so a concurrent
 * "Retry now" that moved the delivery first (its due time is now past) wins too and it is
 * counted once; the attempt numbers and the claim in deliver.ts make sure
 * no attempt is ever sent twice. Each moved delivery's queued job runs now (promoted).
 */
export async function retryNow(organizationId: string, input: RetryNowInput): Promise<{ count: number }> {
  const webhook = await getWebhookOrThrow(organizationId, input.webhookId);
  if (webhook.status !== "active") {
    const hint = "the webhook is disabled: enable it first (PATCH /v1/webhooks/{id} with status active)";
    throw new ApiError("VALIDATION_INVALID_FIELD", `Cannot retry: ${hint}.`, { field: "status", hint });
  }
  if (input.since && input.until && input.until <= input.since) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "until must be later than since.", { field: "until" });
  }
  const moved = await bringRetriesForward(organizationId, webhook.id, {
    since: input.since,
    until: input.until,
    cap: BULK_REDELIVER_CAP,
    now: new Date(),
  });
  let next = 0;
  const lanes = Array.from({ length: Math.min(ENQUEUE_CONCURRENCY, moved.length) }, async () => {
    while (next < moved.length) {
      const d = moved[next++];
      if (!d) continue;
      const attempt = d.attempt_count + 1;
      try {
        // a job of this attempt running right now may have read the old due time and given up
        // ("not due"): a second job makes sure it runs now; the claim lets only one of them send
        if ((await ensureDeliveryJob(d.id, attempt, { promote: true })) === "exists") {
          await enqueue("deliveries", { deliveryId: d.id }, { jobId: `${deliveryJobId(d.id, attempt)}-now` });
        }
      } catch (err) {
        logger.warn({ err: String(err), deliveryId: d.id }, "retry now: enqueue failed; the sweeper will");
      }
    }
  });
  await Promise.all(lanes);
  return { count: moved.length };
}
