import "#server-only";
import { db } from "@/lib/db";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * The `channels` table (docs/architecture.md "Repositories"), first part: every function takes the
 * organization first and reads only that organization's rows. Not yet here
 * (scripts/lib/tenancy-list.ts): registration, settings, tokens, routing roles, the worker's
 * channel cache and touch, and the template and Flow syncs.
 */

export function findChannel(organizationId: string, id: string): Promise<Channel | null> {
  return db().channel.findFirst({ where: { id, organizationId } });
}

/** The organization's active channels, oldest first. */
export function listActiveChannels(organizationId: string): Promise<Channel[]> {
  return db().channel.findMany({
    where: { organizationId, status: "active" },
    orderBy: { createdAt: "asc" },
  });
}

/** The organization's active channels the contact wrote to after `since`. */
export function listChannelsWrittenToBy(
  organizationId: string,
  contactId: string,
  since: Date,
): Promise<Channel[]> {
  return db().channel.findMany({
    where: {
      organizationId,
      status: "active",
      messages: { some: { organizationId, contactId, direction: "inbound", createdAt: { gt: since } } },
    },
  });
}

/** Every channel of the organization by name, oldest first (a page's channel filter). */
export function listChannelNames(organizationId: string): Promise<{ id: string; name: string }[]> {
  return db().channel.findMany({
    where: { organizationId },
    select: { id: true, name: true },
    orderBy: { createdAt: "asc" },
  });
}

/** The organization's active channels with their Flow data endpoint settings, oldest first. */
export function listChannelFlowEndpoints(organizationId: string) {
  return db().channel.findMany({
    where: { organizationId, status: "active" },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, flowEndpoint: true },
  });
}
