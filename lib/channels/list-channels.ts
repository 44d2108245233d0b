import "#server-only";
import { toChannelJson } from "@/lib/channels/channel-json";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";
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

export function toChannelRow(channel: Channel, templates: number): ChannelRowJson {
  return {
    ...toChannelJson(channel),
    graph_url: channel.graphUrl,
    templates,
    token_invalid_at: channel.tokenInvalidAt?.toISOString() ?? null,
    token_error: channel.tokenError,
  };
}

/** Active channels first, then by creation; each with its count of active templates. */
export async function listChannelRows(organizationId: string): Promise<ChannelRowJson[]> {
  const [channels, counts] = await Promise.all([
    db().channel.findMany({
      where: ofOrganization(organizationId),
      orderBy: [{ status: "asc" }, { createdAt: "asc" }],
      take: 200,
    }),
    db().template.groupBy({ by: ["channelId"], where: { organizationId, active: true }, _count: true }),
  ]);
  const byChannel = new Map(counts.map((c) => [c.channelId, c._count]));
  return channels.map((c) => toChannelRow(c, byChannel.get(c.id) ?? 0));
}
