import "#server-only";
import { db } from "@/lib/db";
import type { Webhook } from "@/lib/generated/prisma/client.ts";
import { successRate, type WebhookRowJson } from "@/lib/webhooks/delivery-schemas";
import { WEBHOOK_LIMITS } from "@/lib/webhooks/schemas";
import { NO_DELIVERIES, webhookHealth } from "@/lib/webhooks/webhook-health";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

/** Newest first, like every list of the API. */
export async function listWebhooks(
  organizationId: string,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ webhooks: Webhook[]; total: number }> {
  const where = { organizationId };
  const [webhooks, total] = await Promise.all([
    db().webhook.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db().webhook.count({ where }),
  ]);
  return { webhooks, total };
}

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
