import "#server-only";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { WebhookHealth } from "@/lib/webhooks/delivery-schemas";
import { lastAnswers } from "@/lib/webhooks/last-answers";

type Row = {
  webhook_id: string;
  succeeded: number;
  failed: number;
  retrying: number;
  last_failure_at: Date | null;
  last_delivery_at: Date | null;
};

export const HEALTH_WINDOW_MS = 24 * 3_600_000;

export const NO_DELIVERIES: WebhookHealth = {
  succeeded: 0,
  failed: 0,
  retrying: 0,
  last_failure_at: null,
  last_delivery_at: null,
  last_answer: null,
};

/**
 * How each of the organization's webhooks did with the deliveries created since `since` (by
 * default the last 24 hours): one grouped range scan of deliveries(organization_id, status,
 * created_at), and each webhook's last answer (lib/webhooks/last-answers.ts). A delivery that
 * is retrying counts as a failure for "last failure".
 */
export async function webhookHealth(
  organizationId: string,
  since = new Date(Date.now() - HEALTH_WINDOW_MS),
): Promise<Map<string, WebhookHealth>> {
  const [rows, answers] = await Promise.all([
    db().$queryRaw<Row[]>(Prisma.sql`
    SELECT webhook_id,
           count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           count(*) FILTER (WHERE status = 'pending' AND attempt_count > 0)::int AS retrying,
           max(coalesce(last_attempt_at, created_at))
             FILTER (WHERE status = 'failed' OR (status = 'pending' AND attempt_count > 0)) AS last_failure_at,
           max(coalesce(last_attempt_at, created_at)) AS last_delivery_at
    FROM deliveries
    WHERE organization_id = ${organizationId}::uuid AND created_at >= ${since}
    GROUP BY webhook_id`),
    lastAnswers(organizationId),
  ]);
  const health = new Map(
    rows.map((r): [string, WebhookHealth] => [
      r.webhook_id,
      {
        succeeded: r.succeeded,
        failed: r.failed,
        retrying: r.retrying,
        last_failure_at: r.last_failure_at?.toISOString() ?? null,
        last_delivery_at: r.last_delivery_at?.toISOString() ?? null,
        last_answer: answers.get(r.webhook_id) ?? null,
      },
    ]),
  );
  // a webhook whose recent deliveries are older than the window still shows its last answer
  for (const [id, answer] of answers) {
    if (!health.has(id)) health.set(id, { ...NO_DELIVERIES, last_answer: answer });
  }
  return health;
}
