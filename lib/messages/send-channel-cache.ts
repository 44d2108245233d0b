import "#server-only";
import { findChannel } from "@/lib/channels/repository";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * The worker's copy of an organization's channel (token, Graph URL, throughput) for a few seconds,
 * so that a busy channel costs no query per send. The web side checked the channel is active
 * already. Kept by organization and id: another organization's channel id finds nothing, cached
 * or not.
 */
const TTL_MS = 5_000;
const channels = new Map<string, { channel: Channel; at: number }>();

export async function cachedChannel(organizationId: string, id: string): Promise<Channel | null> {
  const key = `${organizationId}:${id}`;
  const hit = channels.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.channel;
  const channel = await findChannel(organizationId, id);
  if (channel) channels.set(key, { channel, at: Date.now() });
  return channel;
}
