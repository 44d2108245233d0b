import "#server-only";
import type { WebhookHealth } from "@/lib/webhooks/delivery-schemas";
import { lastAnswers } from "@/lib/webhooks/last-answers";
import { countDeliveriesByWebhook } from "@/lib/webhooks/repository/deliveries";

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
 * default the last 24 hours), and each webhook's last answer (lib/webhooks/last-answers.ts). A delivery that
 * is retrying counts as a failure for "last failure".
 */
export async function webhookHealth(
  organizationId: string,
  since = new Date(Date.now() - HEALTH_WINDOW_MS),
): Promise<Map<string, WebhookHealth>> {
  const [rows, answers] = await Promise.all([
    countDeliveriesByWebhook(organizationId, since),
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
