import "#server-only";
import { ApiError } from "@/lib/api/errors";
import type { Webhook } from "@/lib/generated/prisma/client.ts";
import { findWebhook } from "@/lib/webhooks/repository/webhooks";

/**
 * The organization's webhook, or RESOURCE_NOT_FOUND; another organization's id is answered
 * exactly like an unknown one, so ids reveal nothing across organizations.
 */
export async function getWebhookOrThrow(organizationId: string, id: string): Promise<Webhook> {
  const webhook = await findWebhook(organizationId, id);
  if (!webhook) throw new ApiError("RESOURCE_NOT_FOUND", `No webhook ${id} in this organization.`);
  return webhook;
}
