import "#server-only";
import { successRate, type WebhookRowJson } from "@/lib/webhooks/delivery-schemas";
import { listWebhooks } from "@/lib/webhooks/repository/webhooks";
import { WEBHOOK_LIMITS } from "@/lib/webhooks/schemas";
import { NO_DELIVERIES, webhookHealth } from "@/lib/webhooks/webhook-health";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

/** Every webhook of the organization (at most 20), newest first, with its recent success rate. */
export async function listWebhookRows(organizationId: string): Promise<WebhookRowJson[]> {
  const [{ webhooks }, health] = await Promise.all([
    listWebhooks(organizationId, { page: 1, perPage: WEBHOOK_LIMITS.perOrganization }),
    webhookHealth(organizationId),
  ]);
  const now = new Date();
  return webhooks.map((w) => {
    const h = health.get(w.id) ?? NO_DELIVERIES;
    const until = w.previousSecretEnc !== null ? w.previousSecretExpiresAt : null;
    return {
      ...toWebhookJson(w),
      health: h,
      success_rate: successRate(h.succeeded, h.failed, h.retrying),
      previous_secret_valid_until: until && until > now ? until.toISOString() : null,
      disabled_at: w.disabledAt?.toISOString() ?? null,
    };
  });
}
