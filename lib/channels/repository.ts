import "#server-only";
import { db } from "@/lib/db";
import type { Channel, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `channels` table (docs/architecture.md "Repositories"), with the two counts a channel's row
 * shows (its active templates, the notification kinds it was sent that the product does not
 * process: read here because lib/templates/ sits above lib/channels/). Every function takes the
 * organization first and reads and writes only that organization's rows, so an id of another
 * organization finds and changes nothing, whatever the caller read before. `client` lets a caller's
 * transaction hold the statement. Not yet here (scripts/lib/tenancy-list.ts): the send's touch
 * (its broadcast caller does not pass the organization yet).
 */

type Client = Prisma.TransactionClient;

/** Writable columns (the organization and id are the repository's). */
export type ChannelChanges = Prisma.ChannelUpdateManyMutationInput;
export type NewChannel = Omit<Prisma.ChannelUncheckedCreateInput, "organizationId">;

export function findChannel(organizationId: string, id: string): Promise<Channel | null> {
  return db().channel.findFirst({ where: { id, organizationId } });
}

/** The organization's channel by id when it is active. */
export function findActiveChannel(organizationId: string, id: string): Promise<Channel | null> {
  return db().channel.findFirst({ where: { id, organizationId, status: "active" } });
}

/** The organization's channel of a phone number id in one status (a number has one active at most). */
export function findChannelOfNumber(
  organizationId: string,
  phoneNumberId: string,
  status: "active" | "inactive",
): Promise<Channel | null> {
  return db().channel.findFirst({ where: { organizationId, phoneNumberId, status } });
}

/** The organization's active channels, oldest first; `take` bounds them. */
export function listActiveChannels(organizationId: string, take?: number): Promise<Channel[]> {
  return db().channel.findMany({
    where: { organizationId, status: "active" },
    orderBy: { createdAt: "asc" },
    take,
  });
}

/** The active channel that was active last (then the newest), or null. */
export function findLastActiveChannel(organizationId: string): Promise<Channel | null> {
  return db().channel.findFirst({
    where: { organizationId, status: "active" },
    orderBy: [{ lastActiveAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
  });
}

/**
 * The organization's active channels of a WhatsApp Business Account whose token still works
 * (a refused token no longer proves access to the WABA), oldest first.
 */
export function listWabaChannels(organizationId: string, wabaId: string): Promise<{ id: string }[]> {
  return db().channel.findMany({
    where: { organizationId, wabaId, status: "active", tokenInvalidAt: null },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
}

/** One page of the organization's channels, oldest first, with the total (GET /v1/whatsapp/channels). */
export async function listChannels(
  organizationId: string,
  page: number,
  perPage: number,
): Promise<{ channels: Channel[]; total: number }> {
  const where = { organizationId };
  const [channels, total] = await Promise.all([
    db().channel.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      skip: (page - 1) * perPage,
      take: perPage,
    }),
    db().channel.count({ where }),
  ]);
  return { channels, total };
}

/**
 * The Channels page's rows: active channels first, then by creation, with each channel's count of
 * active templates and the unprocessed notification kinds, latest first.
 */
export async function readChannelRows(organizationId: string) {
  const [channels, counts, unprocessed] = await Promise.all([
    db().channel.findMany({
      where: { organizationId },
      orderBy: [{ status: "asc" }, { createdAt: "asc" }],
      take: 200,
    }),
    db().template.groupBy({ by: ["channelId"], where: { organizationId, active: true }, _count: true }),
    db().channelUnprocessedField.findMany({
      where: { organizationId },
      orderBy: [{ lastSeenAt: "desc" }, { field: "asc" }],
      take: 500,
    }),
  ]);
  return { channels, templates: new Map(counts.map((c) => [c.channelId, c._count])), unprocessed };
}

/** The channel's count of active templates (its row on the Channels page). */
export function countActiveTemplates(organizationId: string, channelId: string): Promise<number> {
  return db().template.count({ where: { organizationId, channelId, active: true } });
}

/** Every channel of the organization as a page's filter shows it, oldest first. */
export function listChannelSummaries(organizationId: string) {
  return db().channel.findMany({
    where: { organizationId },
    select: { id: true, name: true, displayPhoneNumber: true, status: true },
    orderBy: { createdAt: "asc" },
    take: 200,
  });
}

/**
 * Whether the channel is the organization's. A repository that writes a row naming a channel asks
 * first, so that an id of another organization's channel writes nothing (a channel never changes
 * organization, so the answer holds for the statements after it).
 */
export async function isOwnChannel(
  organizationId: string,
  channelId: string,
  client: Client = db(),
): Promise<boolean> {
  return (await client.channel.count({ where: { id: channelId, organizationId } })) > 0;
}

export function insertChannel(organizationId: string, row: NewChannel): Promise<Channel> {
  return db().channel.create({ data: { ...row, organizationId } });
}

/**
 * Changes the channel and answers it as written; throws Prisma's not-found (P2025) when the
 * organization has no channel by that id, and the database's own error when a uniqueness rule
 * refuses the change (lib/channels/create-channel.ts reads which).
 */
export function updateChannelRow(
  organizationId: string,
  id: string,
  data: ChannelChanges,
  client: Client = db(),
): Promise<Channel> {
  return client.channel.update({ where: { id, organizationId }, data });
}

/**
 * Marks the channel as needing a new token, unless its token was replaced since `accessTokenEnc`
 * was read (only the token the caller used is marked).
 */
export async function markChannelTokenInvalid(
  organizationId: string,
  id: string,
  accessTokenEnc: string,
  tokenError: string,
): Promise<void> {
  await db().channel.updateMany({
    where: { id, organizationId, accessTokenEnc },
    data: { tokenInvalidAt: new Date(), tokenError },
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

/** Moves the channel's lastActiveAt to now (a send's touch, at most once a minute a process: touch-channel.ts). */
export async function markChannelActive(organizationId: string, id: string): Promise<void> {
  await db().channel.updateMany({ where: { id, organizationId }, data: { lastActiveAt: new Date() } });
}
