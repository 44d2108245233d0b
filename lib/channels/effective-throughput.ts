import type { Channel } from "@/lib/generated/prisma/client.ts";

/** Meta paces a number shared with the WhatsApp Business app (coexistence) at a fixed 20 messages/s. */
export const COEXISTENCE_PER_SECOND = 20;

/** The messages a second the upstream takes from this channel's number. */
export function effectiveThroughput(channel: Pick<Channel, "coexistence" | "throughputPerSecond">): number {
  return channel.coexistence ? COEXISTENCE_PER_SECOND : channel.throughputPerSecond;
}
