import "#server-only";
import { channelTouchDue } from "@/lib/channels/channel-touch-due";
import { markChannelActive } from "@/lib/channels/repository";

/**
 * A send moves its channel's lastActiveAt, when due by the same per-process minute as an
 * inbound message's (channelTouchDue), so a busy channel costs no write per message.
 */
export async function touchChannel(organizationId: string, id: string): Promise<void> {
  if (!channelTouchDue(id)) return;
  await markChannelActive(organizationId, id);
}
