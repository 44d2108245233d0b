import "#server-only";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { changeValueSchema } from "@/lib/inbound/notification-schema";
import { processHandover } from "@/lib/inbound/process-handover";
import { processStandby } from "@/lib/inbound/process-standby";
import { logger } from "@/lib/logger";

/** Meta's conversation-routing webhook fields (a number with a second responder). */
export const ROUTING_FIELDS = new Set(["standby", "messaging_handovers"]);

/**
 * A `standby` or `messaging_handovers` change (lib/inbound/process-standby.ts,
 * lib/inbound/process-handover.ts), for the number's active channel only: a number is active in
 * one organization at most, and without one the change stays in the stored notification, so
 * no other organization's conversation is ever touched.
 */
export async function processRouting(
  field: string,
  raw: unknown,
  channelOf: (phoneNumberId: string) => Promise<Channel | null>,
): Promise<{
  deliveryIds: string[];
  /** media of the organization `organizationId` (its channel's) to copy */
  mediaIds: string[];
  organizationId: string | null;
  messages: number;
  statuses: number;
}> {
  const none = { deliveryIds: [], mediaIds: [], organizationId: null, messages: 0, statuses: 0 };
  const value = changeValueSchema.safeParse(raw);
  const phoneNumberId = value.success ? value.data.metadata?.phone_number_id : undefined;
  const channel = phoneNumberId ? await channelOf(phoneNumberId) : null;
  if (!value.success || !channel) {
    logger.info(
      { phoneNumberId, field },
      "routing notification for a number with no active channel kept unrouted",
    );
    return none;
  }
  const organizationId = channel.organizationId;
  if (field === "standby") return { ...(await processStandby(channel, value.data)), organizationId };
  return { ...none, organizationId, deliveryIds: await processHandover(channel, raw) };
}
