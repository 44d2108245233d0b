import "#server-only";
import { db } from "@/lib/db";
import type { FlowEndpoint } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

/**
 * The data endpoint WhatsApp calls, by the channel id of its URL, while the channel is active.
 * Runs before an organization is known (docs/security.md "Where a query may skip the
 * organization"): WhatsApp's request names only the channel, and the row found by it is what names
 * the organization; everything after it reads through lib/flow-endpoint/repository.ts with that
 * organization.
 */
export async function findActiveEndpoint(channelId: string): Promise<FlowEndpoint | null> {
  if (!isUuid(channelId)) return null;
  return db().flowEndpoint.findFirst({ where: { channelId, channel: { status: "active" } } });
}
