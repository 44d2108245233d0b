import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { deleteWebhookRow } from "@/lib/webhooks/repository/webhooks";

/**
 * Deletes the webhook with its deliveries and attempts (cascade). Jobs still queued for those
 * deliveries find nothing and end without a request.
 */
export async function deleteWebhook(
  organizationId: string,
  id: string,
): Promise<{ id: string; deleted: true }> {
  if (!(await deleteWebhookRow(organizationId, id)))
    throw new ApiError("RESOURCE_NOT_FOUND", `No webhook ${id} in this organization.`);
  return { id, deleted: true };
}
