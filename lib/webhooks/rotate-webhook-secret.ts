import "#server-only";
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { Webhook } from "@/lib/generated/prisma/client.ts";
import { rotateWebhookSecretRow } from "@/lib/webhooks/repository/webhooks";
import { ROTATION_GRACE_MS } from "@/lib/webhooks/rotation-grace";
import { STANDARD_PREFIX } from "@/lib/webhooks/secret-format";

export type RotatedSecret = { webhook: Webhook; secret: string; previousSecretExpiresAt: Date | null };

/**
 * "Rotate secret": a new `whsec_` secret (32 random bytes) becomes current at once and is
 * returned this one time; the current one becomes the previous secret, which still signs
 * `webhook-signature` until the grace period ends (lib/webhooks/open-signing-secrets.ts).
 * A rotation during a grace period drops the older previous secret. Without a current secret
 * there is nothing to keep, so no grace period. One UPDATE moves both columns, so two
 * rotations at once cannot lose a secret someone was shown.
 */
export async function rotateWebhookSecret(
  organizationId: string,
  id: string,
  now = new Date(),
): Promise<RotatedSecret> {
  const secret = `${STANDARD_PREFIX}${randomBytes(32).toString("base64")}`;
  const sealed = sealSecret(secret, organizationId, id);
  const expiresAt = new Date(now.getTime() + ROTATION_GRACE_MS);
  const webhook = await rotateWebhookSecretRow(organizationId, id, { sealed, expiresAt, now });
  if (!webhook) throw new ApiError("RESOURCE_NOT_FOUND", `No webhook ${id} in this organization.`);
  return { webhook, secret, previousSecretExpiresAt: webhook.previousSecretExpiresAt };
}
