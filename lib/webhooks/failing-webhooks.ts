import "#server-only";
import type { FailingWebhookJson } from "@/lib/webhooks/delivery-schemas";
import { listWebhookStates } from "@/lib/webhooks/repository/webhooks";
import { NO_DELIVERIES, webhookHealth } from "@/lib/webhooks/webhook-health";

/**
 * The overview's "needs attention" list: webhooks that are disabled (by someone, or by the
 * product: a 410 Gone answer, no success for days) or whose deliveries of the last 24 hours
 * failed or are being retried; the disabled by the product first, then the worst.
 */
export async function failingWebhooks(organizationId: string): Promise<FailingWebhookJson[]> {
  const [webhooks, health] = await Promise.all([
    listWebhookStates(organizationId),
    webhookHealth(organizationId),
  ]);
  return webhooks
    .map((w) => {
      const h = health.get(w.id) ?? NO_DELIVERIES;
      return {
        id: w.id,
        name: w.name,
        url: w.url,
        status: w.status,
        disabled_reason: w.disabledReason,
        disabled_at: w.disabledAt?.toISOString() ?? null,
        auto_disabled: w.autoDisabled,
        failed: h.failed,
        retrying: h.retrying,
        succeeded: h.succeeded,
        last_failure_at: h.last_failure_at,
        last_answer: h.last_answer,
      };
    })
    .filter((w) => w.status === "disabled" || w.failed > 0 || w.retrying > 0)
    .sort(
      (a, b) =>
        Number(b.auto_disabled) - Number(a.auto_disabled) ||
        Number(b.status === "disabled") - Number(a.status === "disabled") ||
        b.failed + b.retrying - (a.failed + a.retrying),
    );
}
