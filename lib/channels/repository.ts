import "#server-only";
import { db, rawExecute } from "@/lib/db";
import type { Channel, Prisma } from "@/lib/generated/prisma/client.ts";

/**
 * The `channels` table (docs/architecture.md "Repositories"), with the two counts a channel's row
 * shows (its active templates, the notification kinds it was sent that the product does not
 * process: read here because lib/templates/ sits above lib/channels/). Every function takes the
 * organization first and reads and writes only that organization's rows, so an id of another
 * organization finds and changes nothing, whatever the caller read before. `client` lets a caller's
 * transaction hold the statement.
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

/**
 * Keeps why the channel's template sync (not for an invalid token: markChannelTokenInvalid) or
 * Flows sync failed, at most 500 characters; the next sync of that kind that works clears it
 * (storeSyncedTemplates, storeSyncedFlows).
 */
export async function markSyncFailed(
  organizationId: string,
  id: string,
  kind: "templates" | "flows",
  error: string,
): Promise<void> {
  const at = new Date();
  const why = error.slice(0, 500);
  await db().channel.updateMany({
    where: { id, organizationId },
    data:
      kind === "templates"
        ? { templatesSyncFailedAt: at, templatesSyncError: why }
        : { flowsSyncFailedAt: at, flowsSyncError: why },
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

/** The organization's channels with why their last Flows sync failed (if it did), oldest first. */
export function listChannelFlowSyncs(organizationId: string) {
  return db().channel.findMany({
    where: { organizationId },
    select: { id: true, name: true, status: true, flowsSyncFailedAt: true, flowsSyncError: true },
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

/**
 * Moves the channel's lastActiveAt to `at` unless it moved within `everyMs` (an inbound message's
 * touch, in its transaction; the fast path's statement writes the same: lib/inbound/repository/).
 */
export async function touchChannelIfDue(
  organizationId: string,
  id: string,
  at: Date,
  everyMs: number,
  client: Client,
): Promise<void> {
  await client.$executeRaw`
    UPDATE channels SET last_active_at = ${at}, updated_at = ${at}
    WHERE id = ${id}::uuid AND organization_id = ${organizationId}::uuid
      AND (last_active_at IS NULL OR last_active_at < ${new Date(at.getTime() - everyMs)})`;
}

/** Hearing a coexistence notification marks the channel a number shared with the Business app (paced at 20/s). */
export async function markChannelCoexistence(organizationId: string, id: string): Promise<void> {
  await db().channel.updateMany({
    where: { id, organizationId, coexistence: false },
    data: { coexistence: true },
  });
}

/**
 * Counts a notification kind the product does not process on the channel (the Channels page's
 * list): its count, first and last seen, the latest value as an example and the stored
 * notification it came in. Nothing when the channel is not the organization's.
 */
export async function noteUnprocessedField(
  organizationId: string,
  channelId: string,
  row: { field: string; at: Date; example: string; notificationId: string },
  client: Client,
): Promise<void> {
  await client.$executeRaw`
    INSERT INTO channel_unprocessed_fields
      (id, organization_id, channel_id, field, count, first_seen_at, last_seen_at, example, upstream_notification_id)
    SELECT gen_random_uuid(), c.organization_id, c.id, ${row.field}, 1, ${row.at}, ${row.at},
      ${row.example}::jsonb, ${row.notificationId}::uuid
    FROM channels c WHERE c.id = ${channelId}::uuid AND c.organization_id = ${organizationId}::uuid
    ON CONFLICT (channel_id, field) DO UPDATE SET
      count = channel_unprocessed_fields.count + 1,
      last_seen_at = greatest(channel_unprocessed_fields.last_seen_at, excluded.last_seen_at),
      example = excluded.example,
      upstream_notification_id = excluded.upstream_notification_id`;
}

/**
 * Records the messaging limit (and the numbers' capabilities) of the organization's active
 * channels of a WABA, unless a change newer than `at` is recorded. Answers how many changed.
 */
export function recordMessagingLimit(
  organizationId: string,
  wabaId: string,
  limit: { limit: number; capabilities: string; at: Date },
): Promise<number> {
  const { at } = limit;
  return rawExecute`
    UPDATE channels SET
      messaging_limit_changed_at = CASE WHEN messaging_limit IS DISTINCT FROM ${limit.limit}
        THEN ${at} ELSE coalesce(messaging_limit_changed_at, ${at}) END,
      messaging_limit = ${limit.limit}, messaging_capabilities = ${limit.capabilities}::jsonb, updated_at = now()
    WHERE waba_id = ${wabaId} AND organization_id = ${organizationId}::uuid AND status = 'active'
      AND (messaging_limit_changed_at IS NULL OR messaging_limit_changed_at <= ${at})`;
}

/**
 * Replaces the tier of one pricing category and market on the organization's active channels of
 * a WABA, unless theirs is newer. `tier` is the stored form (its `updated_at` is `at`). Answers
 * how many changed.
 */
export function recordPricingTier(
  organizationId: string,
  wabaId: string,
  tier: { category: string; region: string; json: string; at: Date },
): Promise<number> {
  const { category, region, at } = tier;
  return rawExecute`
    UPDATE channels c SET
      pricing_tiers = (
        SELECT jsonb_agg(t ORDER BY t ->> 'pricing_category', t ->> 'region')
        FROM (
          SELECT t FROM jsonb_array_elements(c.pricing_tiers) t
          WHERE NOT (t ->> 'pricing_category' = ${category} AND t ->> 'region' = ${region})
          UNION ALL SELECT ${tier.json}::jsonb
        ) x(t)
      ),
      pricing_tier_changed_at = greatest(coalesce(c.pricing_tier_changed_at, ${at}), ${at}),
      updated_at = now()
    WHERE c.waba_id = ${wabaId} AND c.organization_id = ${organizationId}::uuid AND c.status = 'active'
      AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(c.pricing_tiers) o
        WHERE o ->> 'pricing_category' = ${category} AND o ->> 'region' = ${region}
          AND (o ->> 'updated_at')::timestamptz > ${at}
      )`;
}
