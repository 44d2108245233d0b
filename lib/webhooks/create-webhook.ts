import "#server-only";
import { randomBytes } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { Webhook } from "@/lib/generated/prisma/client.ts";
import { checkWebhookUrl } from "@/lib/webhooks/check-webhook-url";
import { insertWebhookWithinLimit } from "@/lib/webhooks/repository/webhooks";
import { type CreateWebhookBody, WEBHOOK_LIMITS } from "@/lib/webhooks/schemas";
import { storedEvents } from "@/lib/webhooks/webhook-json";

export function newWebhookId(): string {
  return `wbk_${randomBytes(12).toString("hex")}`;
}

/**
 * Registers a webhook: the URL passes the SSRF guard, the secret is sealed with the row's
 * organization and id as associated data, and the organization stays within its 20 webhooks
 * (the repository counts them under a per-organization lock).
 */
export async function createWebhook(organizationId: string, input: CreateWebhookBody): Promise<Webhook> {
  const url = await checkWebhookUrl(input.url);
  const id = newWebhookId();
  const webhook = await insertWebhookWithinLimit(
    organizationId,
    {
      id,
      name: input.name ?? new URL(url).host.slice(0, WEBHOOK_LIMITS.nameLength),
      url,
      ...storedEvents(input.events),
      rateLimit: input.rate_limit ?? null,
      secretEnc: input.secret === undefined ? null : sealSecret(input.secret, organizationId, id),
    },
    WEBHOOK_LIMITS.perOrganization,
  );
  if (webhook) return webhook;
  const hint = `an organization has at most ${WEBHOOK_LIMITS.perOrganization} webhooks; delete one first`;
  throw new ApiError("VALIDATION_INVALID_FIELD", `Too many webhooks: ${hint}.`, {
    field: "webhooks",
    hint,
    limit: WEBHOOK_LIMITS.perOrganization,
  });
}
