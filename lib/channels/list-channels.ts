import "#server-only";
import { toChannelJson } from "@/lib/channels/channel-json";
import type { ChannelRowJson, UnprocessedFieldJson } from "@/lib/channels/channel-schemas";
import { readChannelRows } from "@/lib/channels/repository";
import type { Channel } from "@/lib/generated/prisma/client.ts";

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
  const { channels, templates, unprocessed } = await readChannelRows(organizationId);
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
  return channels.map((c) => toChannelRow(c, templates.get(c.id) ?? 0, kinds.get(c.id) ?? []));
}
