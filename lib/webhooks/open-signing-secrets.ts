import { openSecret } from "@/lib/crypto/secret-box";
import type { Webhook } from "@/lib/generated/prisma/client.ts";

export type SigningSecrets = { secret: string | null; previousSecret: string | null };

/**
 * The secrets one attempt signs with. The previous secret of a rotation counts only while its
 * stored expiry is after `now`: no job clears it, it simply stops being used. Throws when the
 * current secret cannot be opened (the caller sends nothing); a previous secret that cannot be
 * opened is left out, since the current one still signs.
 */
export function openSigningSecrets(
  webhook: Pick<
    Webhook,
    "id" | "organizationId" | "secretEnc" | "previousSecretEnc" | "previousSecretExpiresAt"
  >,
  now: Date,
): SigningSecrets {
  if (webhook.secretEnc === null) return { secret: null, previousSecret: null };
  const secret = openSecret(webhook.secretEnc, webhook.organizationId, webhook.id);
  const expiresAt = webhook.previousSecretExpiresAt;
  if (webhook.previousSecretEnc === null || expiresAt === null || expiresAt <= now) {
    return { secret, previousSecret: null };
  }
  try {
    return {
      secret,
      previousSecret: openSecret(webhook.previousSecretEnc, webhook.organizationId, webhook.id),
    };
  } catch {
    return { secret, previousSecret: null };
  }
}
