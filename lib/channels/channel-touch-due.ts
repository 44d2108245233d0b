/**
 * A channel's lastActiveAt orders channels and shows "last active" on the Channels page: a
 * minute's precision is plenty. Each process remembers when it last wrote a channel's, for
 * inbound messages and sends alike, so a busy number costs no write (and no wait on its one hot
 * row) per message.
 */
export const CHANNEL_TOUCH_EVERY_MS = 60_000;

const touched = new Map<string, number>();

/** True (and remembered) when this process has not written the channel's lastActiveAt for a minute. */
export function channelTouchDue(channelId: string, now = Date.now()): boolean {
  const last = touched.get(channelId);
  if (last !== undefined && now - last < CHANNEL_TOUCH_EVERY_MS && now >= last) return false;
  touched.set(channelId, now);
  return true;
}
