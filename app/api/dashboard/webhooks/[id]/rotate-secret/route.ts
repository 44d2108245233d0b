import { dashboardEndpoint, dashboardMethodNotAllowed } from "@/lib/dashboard/route";
import { WEBHOOK_DASHBOARD } from "@/lib/webhooks/dashboard-endpoints";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { ROTATION_GRACE_HOURS } from "@/lib/webhooks/rotation-grace";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

/** The new secret is stored sealed and never shown again; the previous one is null when there was none. */
export const POST = dashboardEndpoint(WEBHOOK_DASHBOARD.rotateSecret, async ({ session, params }) => {
  const rotated = await rotateWebhookSecret(session.organizationId, params.id);
  return {
    webhook: toWebhookJson(rotated.webhook),
    secret: rotated.secret,
    previous_secret_expires_at: rotated.previousSecretExpiresAt?.toISOString() ?? null,
    grace_period_hours: ROTATION_GRACE_HOURS,
  };
});

export const { GET, PUT, PATCH, DELETE } = dashboardMethodNotAllowed(["POST"]);
