import "#server-only";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { groupCommit } from "@/lib/db-group-commit";
import { logger } from "@/lib/logger";
import { enqueue } from "@/lib/queues";
import { deliveryJobId } from "@/lib/webhooks/ensure-delivery-job";
import type { PostOutcome } from "@/lib/webhooks/post-webhook";
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
  if (final === "succeeded") {
    // the common case in one statement, shared by the successes recorded together: the
    // attempt row and the delivery's success
    await recordSuccess({ ...record, finishedAt });
    return final;
  }
  let disabled = false;
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

/** Successful attempts recorded together: one INSERT of attempts and one UPDATE of deliveries. */
const recordSuccess = groupCommit<AttemptRecord & { finishedAt: Date }, void>(async (records) => {
  const finishedAt = records[0]?.finishedAt ?? new Date();
  await db().$executeRaw`
      WITH v AS (
        SELECT * FROM unnest(
          ${records.map((r) => r.deliveryId)}::text[], ${records.map((r) => r.attemptNumber)}::int[],
          ${records.map((r) => r.startedAt.toISOString())}::timestamptz[], ${records.map((r) => r.outcome.durationMs)}::int[],
          ${records.map((r) => r.outcome.statusCode)}::int[], ${records.map((r) => r.outcome.error)}::text[],
          ${records.map((r) => r.outcome.snippet)}::text[]
        ) WITH ORDINALITY AS v(did, num, started, duration, code, err, snippet, n)
      ), attempt AS (
        INSERT INTO delivery_attempts (id, delivery_id, attempt_number, started_at, duration_ms, status_code, error,
                                       response_snippet, request_headers)
        SELECT gen_random_uuid(), v.did, v.num, v.started AT TIME ZONE 'UTC', v.duration, v.code, v.err, v.snippet,
               (${JSON.stringify(records.map((r) => r.requestHeaders))}::jsonb) -> (v.n::int - 1)
        FROM v
      ), healthy AS (
        -- a success ends a failing streak (lib/webhooks/webhook-failing.ts); only failing rows are written
        UPDATE webhooks SET failing_since = NULL
        WHERE id = ANY (${[...new Set(records.map((r) => r.webhookId))]}::text[]) AND failing_since IS NOT NULL
      )
      UPDATE deliveries SET status = 'succeeded', succeeded_at = ${finishedAt}, next_attempt_at = NULL,
                            updated_at = ${finishedAt}
      FROM v WHERE deliveries.id = v.did AND deliveries.attempt_count = v.num`;
  return records.map(() => undefined);
});
