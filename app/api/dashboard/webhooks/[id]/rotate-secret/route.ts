import { jsonOk } from "@/lib/api/respond";
import { MANAGERS } from "@/lib/auth/roles";
import { dashboardRoute } from "@/lib/dashboard/route";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { ROTATION_GRACE_HOURS } from "@/lib/webhooks/rotation-grace";
import { toWebhookJson } from "@/lib/webhooks/webhook-json";

/**
 * "Rotate secret": answers the new secret this one time (it is stored sealed and never shown
 * again) and until when the previous one still signs `webhook-signature` (null when there was none).
 */
export const POST = dashboardRoute<undefined, undefined, { id: string }>(
  { roles: MANAGERS },
  async ({ session, params }) => {
    const rotated = await rotateWebhookSecret(session.organizationId, params.id);
    return jsonOk({
      webhook: toWebhookJson(rotated.webhook),
      secret: rotated.secret,
      previous_secret_expires_at: rotated.previousSecretExpiresAt?.toISOString() ?? null,
      grace_period_hours: ROTATION_GRACE_HOURS,
    });
  },
);
