import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { BULK_REDELIVER_CAP, type BulkRedeliverJson } from "@/lib/webhooks/delivery-schemas";
import { ensureDeliveryJob } from "@/lib/webhooks/ensure-delivery-job";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";

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
  const until = input.until ?? new Date();
  const range = Prisma.sql`organization_id = ${organizationId}::uuid AND webhook_id = ${webhook.id}
    AND status = 'failed' AND created_at >= ${input.since} AND created_at < ${until}`;
  const now = new Date();
  const moved = await db().$queryRaw<{ id: string; attempt_count: number }[]>(Prisma.sql`
    UPDATE deliveries SET status = 'pending', next_attempt_at = ${now}, succeeded_at = NULL, updated_at = ${now}
    WHERE id IN (SELECT id FROM deliveries WHERE ${range} ORDER BY created_at LIMIT ${BULK_REDELIVER_CAP})
      AND status = 'failed'
    RETURNING id, attempt_count`);
  await inPool(moved, ENQUEUE_CONCURRENCY, async (d) => {
    await ensureDeliveryJob(d.id, d.attempt_count + 1, { promote: true }).catch((err: unknown) =>
      logger.warn({ err: String(err), deliveryId: d.id }, "bulk redeliver: enqueue failed; the sweeper will"),
    );
  });
  const [left] = await db().$queryRaw<{ n: number }[]>(
    Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM deliveries WHERE ${range} LIMIT 1) s`,
  );
  return { queued: moved.length, more: (left?.n ?? 0) > 0 };
}
