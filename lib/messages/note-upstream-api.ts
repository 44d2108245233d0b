import "#server-only";
import { logger } from "@/lib/logger";
import { markMarketingApi } from "@/lib/messages/repository/send";

/**
 * Which of the organization's messages the Marketing Messages API took (post-send.ts sends a
 * MARKETING template there on a channel that has it): bookkeeping only, for the usage page and
 * the rate card, so a failure is logged and never fails a send that the upstream already has.
 * One statement for a single send and for a broadcast's batch (lib/messages/send-policy.ts).
 */
export async function noteMarketingApi(organizationId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await markMarketingApi(organizationId, messageIds).catch((err: unknown) =>
    logger.warn({ count: messageIds.length, err: String(err) }, "upstream api not recorded"),
  );
}
