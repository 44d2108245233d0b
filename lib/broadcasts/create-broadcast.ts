import "#server-only";
import type { CreateBroadcastInput } from "@/lib/broadcasts/create-request";
import { findBroadcast } from "@/lib/broadcasts/find-broadcast";
import { prepareBroadcast } from "@/lib/broadcasts/prepare-broadcast";
import { queueBroadcast } from "@/lib/broadcasts/queue-broadcast";
import type { BroadcastJson } from "@/lib/broadcasts/schemas";
import { storeBroadcast } from "@/lib/broadcasts/store-broadcast";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";

/**
 * POST /v1/whatsapp/broadcasts. Whatever concerns the whole broadcast is checked first and
 * answers the contract's codes with nothing stored; then the audience is resolved into
 * recipient rows (skips recorded with their reason) and the worker is asked to start it (or
 * to start at scheduled_at). Answers the stored broadcast with its counts.
 */
export async function createBroadcast(
  organizationId: string,
  input: CreateBroadcastInput,
): Promise<BroadcastJson> {
  const now = new Date();
  const prepared = await prepareBroadcast(organizationId, input, now);
  const { id, deliveryIds } = await storeBroadcast(prepared, now);
  await enqueueDeliveries(deliveryIds);
  await queueBroadcast(organizationId, id, prepared.scheduledAt);
  const broadcast = await findBroadcast(organizationId, id);
  if (!broadcast) throw new Error(`broadcast ${id} vanished after creation`);
  return broadcast;
}
