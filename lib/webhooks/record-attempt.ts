import "#server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import type { PostOutcome } from "@/lib/webhooks/post-webhook";
import { recordFailedAttempt, recordSucceededAttempt } from "@/lib/webhooks/repository/attempts";
import { disableWebhookAutomatically } from "@/lib/webhooks/repository/webhooks";
import { honourRetryAfter, parseRetryAfter, RETRY_AFTER_STATUSES } from "@/lib/webhooks/retry-after";
import { MAX_RETRY_DELAY_MS, nextRetryDelayMs } from "@/lib/webhooks/retry-schedule";
import { disableIfFailingTooLong } from "@/lib/webhooks/webhook-failing";

export type AttemptRecord = {
  organizationId: string;
  deliveryId: string;
  webhookId: string;
  attemptNumber: number;
  startedAt: Date;
  requestHeaders: Record<string, string>;
  outcome: PostOutcome;
};

export type AttemptResult = "succeeded" | "retrying" | "failed" | "gone";

/** The wait before the next attempt: the schedule's, lengthened by a 429/503's Retry-After. */
function retryDelayMs(attemptNumber: number, outcome: PostOutcome): number | undefined {
  const scale = config().WEBHOOK_RETRY_SCALE;
  const scheduled = nextRetryDelayMs(attemptNumber, scale);
  if (scheduled === undefined) return undefined;
  const asked = (RETRY_AFTER_STATUSES as readonly (number | null)[]).includes(outcome.statusCode)
    ? parseRetryAfter(outcome.retryAfter)
    : null;
  return honourRetryAfter(scheduled, asked, MAX_RETRY_DELAY_MS * scale);
}

/**
 * Stores the attempt and moves the delivery on: 2xx → `succeeded`; 410 Gone → the delivery
 * `failed` and the webhook disabled (its other pending deliveries fail too); anything else →
 * the next attempt of the schedule is due (and queued with its delay), or `failed` once the
 * schedule is spent. The delivery is only moved while the attempt is still its latest, and a
 * failure only while it is still pending (a disable may have failed it meanwhile).
 */
export async function recordAttempt(record: AttemptRecord): Promise<AttemptResult> {
  const { organizationId, deliveryId, webhookId, attemptNumber, outcome } = record;
  const status = outcome.statusCode;
  const result: AttemptResult =
    status !== null && status >= 200 && status < 300 ? "succeeded" : status === 410 ? "gone" : "retrying";
  const delayMs = result === "retrying" ? retryDelayMs(attemptNumber, outcome) : undefined;
  const final: AttemptResult = result === "retrying" && delayMs === undefined ? "failed" : result;
  const finishedAt = new Date();
  const row = {
    deliveryId,
    webhookId,
    attemptNumber,
    startedAt: record.startedAt,
    durationMs: outcome.durationMs,
    statusCode: status,
    error: outcome.error,
    snippet: outcome.snippet,
    requestHeaders: record.requestHeaders,
  };
  if (final === "succeeded") {
    // the common case in one statement, shared by the successes recorded together: the
    // attempt row and the delivery's success
    await recordSucceededAttempt(organizationId, row, finishedAt);
    return final;
  }
  let disabled = false;
  await db().$transaction(async (tx) => {
    const error = final === "gone" ? `${outcome.error}; the webhook was disabled` : outcome.error;
    const next = delayMs === undefined ? null : new Date(finishedAt.getTime() + delayMs);
    await recordFailedAttempt(organizationId, { ...row, error }, next, tx);
    if (final === "gone") {
      const reason = `the endpoint answered 410 Gone to delivery ${deliveryId}`;
      await disableWebhookAutomatically(organizationId, webhookId, { reason, at: finishedAt }, tx);
    } else {
      disabled = await disableIfFailingTooLong(
        tx,
        organizationId,
        webhookId,
        record.startedAt,
        finishedAt,
        outcome,
      );
    }
  });
  if (disabled) return "failed";
  if (delayMs !== undefined) {
    const jobId = deliveryJobId(deliveryId, attemptNumber + 1);
    await enqueue("deliveries", { deliveryId }, { jobId, delay: delayMs }).catch((err: unknown) =>
      logger.warn({ err: String(err), deliveryId }, "retry enqueue failed; the sweeper will pick it up"),
    );
  }
  return final;
}
