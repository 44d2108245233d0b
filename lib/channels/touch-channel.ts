import "#server-only";
import { channelTouchDue } from "@/lib/channels/channel-touch-due";
import { db } from "@/lib/db";

/**
 * A send moves its channel's lastActiveAt, when due by the same per-process minute as an
 * inbound message's (channelTouchDue), so a busy channel costs no write per message.
 */
export async function touchChannel(id: string): Promise<void> {
  if (!channelTouchDue(id)) return;
  await db().channel.update({ where: { id }, data: { lastActiveAt: new Date() } });
}
