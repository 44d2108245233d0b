import "#server-only";
import { toChannelJson } from "@/lib/channels/channel-json";
import type { ChannelRowJson, UnprocessedFieldJson } from "@/lib/channels/channel-schemas";
import { db } from "@/lib/db";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * The one filter of both lists of channels: pages for GET /v1/whatsapp/channels (oldest first)
 * and the dashboard's rows (active first, each with its count of active templates).
 */
const ofOrganization = (organizationId: string) => ({ organizationId });

/** One page of the organization's channels, oldest first, with the total. */
export async function listChannels(
  organizationId: string,
  page: number,
  perPage: number,
): Promise<{ channels: Channel[]; total: number }> {
  const where = ofOrganization(organizationId);
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

export function toChannelRow(
  channel: Channel,
  templates: number,
  unprocessed: UnprocessedFieldJson[] = [],
): ChannelRowJson {
  return {
    ...toChannelJson(channel),
    graph_url: channel.graphUrl,
    templates,
    token_invalid_at: channel.tokenInvalidAt?.toISOString() ?? null,
    token_error: channel.tokenError,
    unprocessed,
  };
}

/**
 * Active channels first, then by creation; each with its count of active templates and the
 * notification kinds WhatsApp sent it that the product does not process (lib/inbound/record-unprocessed.ts).
 */
export async function listChannelRows(organizationId: string): Promise<ChannelRowJson[]> {
  const [channels, counts, unprocessed] = await Promise.all([
    db().channel.findMany({
      where: ofOrganization(organizationId),
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
  const byChannel = new Map(counts.map((c) => [c.channelId, c._count]));
  const kinds = new Map<string, UnprocessedFieldJson[]>();
  for (const u of unprocessed) {
    const list = kinds.get(u.channelId) ?? [];
    list.push({
      field: u.field,
      count: u.count,
      first_seen_at: u.firstSeenAt.toISOString(),
      last_seen_at: u.lastSeenAt.toISOString(),
      example: u.example,
    });
    kinds.set(u.channelId, list);
  }
  return channels.map((c) => toChannelRow(c, byChannel.get(c.id) ?? 0, kinds.get(c.id) ?? []));
}
