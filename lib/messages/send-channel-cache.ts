import "#server-only";
import { db } from "@/lib/db";
import type { Channel } from "@/lib/generated/prisma/client.ts";

/**
 * The worker's copy of a channel (token, Graph URL, throughput) for a few seconds, so that a
 * busy channel costs no query per send. The web side checked the channel is active already.
 */
const TTL_MS = 5_000;
const channels = new Map<string, { channel: Channel; at: number }>();

export async function cachedChannel(id: string): Promise<Channel | null> {
  const hit = channels.get(id);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.channel;
  const channel = await db().channel.findUnique({ where: { id } });
  if (channel) channels.set(id, { channel, at: Date.now() });
  return channel;
}
