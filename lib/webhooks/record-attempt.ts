import "#server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import { failPendingDeliveries } from "@/lib/webhooks/fail-pending-deliveries";
import type { PostOutcome } from "@/lib/webhooks/post-webhook";
import { nextRetryDelayMs } from "@/lib/webhooks/retry-schedule";

export type AttemptRecord = {
  deliveryId: string;
  webhookId: string;
  attemptNumber: number;
  startedAt: Date;
  requestHeaders: Record<string, string>;
  outcome: PostOutcome;
};

export type AttemptResult = "succeeded" | "retrying" | "failed" | "gone";

/**
 * Stores the attempt and moves the delivery on: 2xx → `succeeded`; 410 Gone → the delivery
 * `failed` and the webhook disabled (its other pending deliveries fail too); anything else →
 * the next attempt of the schedule is due (and queued with its delay), or `failed` once the
 * schedule is spent. The delivery is only moved while the attempt is still its latest, and a
 * failure only while it is still pending (a disable may have failed it meanwhile).
 */
export async function recordAttempt(record: AttemptRecord): Promise<AttemptResult> {
  const { deliveryId, webhookId, attemptNumber, outcome } = record;
  const status = outcome.statusCode;
  const result: AttemptResult =
    status !== null && status >= 200 && status < 300 ? "succeeded" : status === 410 ? "gone" : "retrying";
  const delayMs =
    result === "retrying" ? nextRetryDelayMs(attemptNumber, config().WEBHOOK_RETRY_SCALE) : undefined;
  const final: AttemptResult = result === "retrying" && delayMs === undefined ? "failed" : result;
  const finishedAt = new Date();
  if (final === "succeeded") {
    // the common case in one statement: the attempt row and the delivery's success together
    await db().$executeRaw`
      WITH attempt AS (
        INSERT INTO delivery_attempts (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error,
                                       response_snippet, request_headers)
        VALUES (gen_random_uuid(), ${deliveryId}, ${attemptNumber}, ${record.startedAt}, ${outcome.durationMs},
                ${status}, ${outcome.error}, ${outcome.snippet}, ${JSON.stringify(record.requestHeaders)}::jsonb)
      )
      UPDATE deliveries SET status = 'succeeded', succeeded_at = ${finishedAt}, next_attempt_at = NULL,
                            updated_at = ${finishedAt}
      WHERE id = ${deliveryId} AND attempt_count = ${attemptNumber}`;
    return final;
  }
  await db().$transaction(async (tx) => {
    await tx.deliveryAttempt.create({
      data: {
        deliveryId,
        attemptNumber,
        startedAt: record.startedAt,
        durationMs: outcome.durationMs,
        statusCode: status,
        error: final === "gone" ? `${outcome.error}; the webhook was disabled` : outcome.error,
        responseSnippet: outcome.snippet,
        requestHeaders: record.requestHeaders,
      },
    });
    const latest = { id: deliveryId, attemptCount: attemptNumber };
    await tx.delivery.updateMany({
      where: { ...latest, status: "pending" },
      data:
        delayMs === undefined
          ? { status: "failed", nextAttemptAt: null }
          : { nextAttemptAt: new Date(finishedAt.getTime() + delayMs) },
    });
    if (final === "gone") {
      await tx.webhook.updateMany({
        where: { id: webhookId, status: "active" },
        data: {
          status: "disabled",
          disabledReason: `the endpoint answered 410 Gone at ${finishedAt.toISOString()} (delivery ${deliveryId})`,
        },
      });
      await failPendingDeliveries(tx, webhookId);
    }
  });
  if (delayMs !== undefined) {
    const jobId = deliveryJobId(deliveryId, attemptNumber + 1);
    await enqueue("deliveries", { deliveryId }, { jobId, delay: delayMs }).catch((err: unknown) =>
      logger.warn({ err: String(err), deliveryId }, "retry enqueue failed; the sweeper will pick it up"),
    );
  }
  return final;
}
