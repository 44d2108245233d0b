import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { Webhook } from "@/lib/generated/prisma/client.ts";
import { checkWebhookUrl } from "@/lib/webhooks/check-webhook-url";
import { getWebhookOrThrow } from "@/lib/webhooks/get-webhook";
import { updateWebhookRow, type WebhookChanges } from "@/lib/webhooks/repository/webhooks";
import type { UpdateWebhookBody } from "@/lib/webhooks/schemas";
import { storedEvents } from "@/lib/webhooks/webhook-json";

/**
 * Changes what is given and keeps the rest. The secret follows the dashboard's rule: absent or
 * empty keeps it, a new value replaces it, `null` removes it (deliveries are then unsigned);
 * either way at once, with no grace period (that is "Rotate secret", rotate-webhook-secret.ts).
 * Disabling fails the pending deliveries; enabling clears the reason of an earlier disable, also
 * an automatic one (lib/webhooks/webhook-failing.ts), and starts the failing streak afresh.
 */
export async function updateWebhook(
  organizationId: string,
  id: string,
  input: UpdateWebhookBody,
  /** who disables it, in words for the reason ("in the dashboard by ana@example.com") */
  { disabledBy = "through the API" }: { disabledBy?: string } = {},
): Promise<Webhook> {
  const current = await getWebhookOrThrow(organizationId, id);
  const data: WebhookChanges = {};
  if (input.url !== undefined) data.url = await checkWebhookUrl(input.url);
  if (input.name !== undefined) data.name = input.name;
  if (input.events !== undefined) Object.assign(data, storedEvents(input.events));
  if (input.rate_limit !== undefined) data.rateLimit = input.rate_limit;
  if (input.secret === null) data.secretEnc = null;
  else if (input.secret) data.secretEnc = sealSecret(input.secret, organizationId, id);
  // a secret set by hand replaces at once: no grace period, and a rotation's old secret goes too
  if (input.secret !== undefined && input.secret !== "") {
    data.previousSecretEnc = null;
    data.previousSecretExpiresAt = null;
  }
  if (input.status !== undefined && input.status !== current.status) {
    data.status = input.status;
    data.disabledReason = input.status === "disabled" ? `disabled ${disabledBy}` : null;
    data.disabledAt = input.status === "disabled" ? new Date() : null;
    // enabled again (after a person's or the product's disable): a fresh start, no failing streak
    data.autoDisabled = false;
    data.failingSince = null;
  }
  const webhook = await updateWebhookRow(organizationId, id, data);
  if (!webhook) throw new ApiError("RESOURCE_NOT_FOUND", `No webhook ${id} in this organization.`);
  return webhook;
}
