import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { db } from "@/lib/db";

/**
 * Deletes the webhook with its deliveries and attempts (cascade). Jobs still queued for those
 * deliveries find nothing and end without a request.
 */
export async function deleteWebhook(
  organizationId: string,
  id: string,
): Promise<{ id: string; deleted: true }> {
  const { count } = await db().webhook.deleteMany({ where: { id, organizationId } });
  if (count === 0) throw new ApiError("RESOURCE_NOT_FOUND", `No webhook ${id} in this organization.`);
  return { id, deleted: true };
}
