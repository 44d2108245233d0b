import "#server-only";
import { ApiError } from "@/lib/api/errors";
import { toChannelJson } from "@/lib/channels/channel-json";
import type { ChannelRowJson } from "@/lib/channels/channel-schemas";
import { db } from "@/lib/db";
import type { Channel } from "@/lib/generated/prisma/client.ts";
import { isUuid } from "@/lib/ids/uuid";

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
      where: { organizationId },
      orderBy: [{ status: "asc" }, { createdAt: "asc" }],
      take: 200,
    }),
    db().template.groupBy({ by: ["channelId"], where: { organizationId, active: true }, _count: true }),
  ]);
  const byChannel = new Map(counts.map((c) => [c.channelId, c._count]));
  return channels.map((c) => toChannelRow(c, byChannel.get(c.id) ?? 0));
}

/** The organization's channel, or RESOURCE_NOT_FOUND (also for malformed ids). */
export async function getChannelOrThrow(organizationId: string, id: string): Promise<Channel> {
  const channel = isUuid(id) ? await db().channel.findFirst({ where: { id, organizationId } }) : null;
  if (!channel) throw new ApiError("RESOURCE_NOT_FOUND", "No such channel.", { field: "id" });
  return channel;
}
