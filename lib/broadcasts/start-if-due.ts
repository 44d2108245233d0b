import "#server-only";
import {
  findBroadcastRow,
  pauseBroadcastRow,
  updateBroadcastRow,
} from "@/lib/broadcasts/repository/broadcasts";
import { findChannel } from "@/lib/channels/repository";
import { enqueueDeliveries } from "@/lib/events/enqueue-deliveries";
import type { Broadcast, Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { cachedChannel } from "@/lib/messages/send-channel-cache";
import { countBroadcastPause } from "@/lib/metrics/record";

/** What a broadcast's job does next: nothing (done), or run again at `at` (ms since the epoch). */
export type RunResult = { next: "done" } | { next: "later"; at: number };

export type Started = { broadcast: Broadcast; channel: Channel };

/**
 * The broadcast a driver may send now: a scheduled one whose time has come starts (`running`,
 * startedAt); one scheduled later asks to run then; a paused, cancelled or completed one needs
 * no driver. A broadcast whose channel was deactivated is paused, saying why: its recipients
 * wait, and the owner can resume it on the reactivated channel or cancel it.
 */
export async function startIfDue(organizationId: string, broadcastId: string): Promise<Started | RunResult> {
  const now = new Date();
  let broadcast = await findBroadcastRow(organizationId, broadcastId);
  if (broadcast?.status === "scheduled") {
    if (broadcast.scheduledAt && broadcast.scheduledAt > now)
      return { next: "later", at: broadcast.scheduledAt.getTime() };
    await updateBroadcastRow(organizationId, broadcastId, {
      from: ["scheduled"],
      data: { status: "running", startedAt: now },
    });
    broadcast = await findBroadcastRow(organizationId, broadcastId);
  }
  if (broadcast?.status !== "running") {
    // a job of a paused or cancelled broadcast ends here: no recipient is claimed by it
    if (broadcast)
      logger.info(
        { broadcastId, status: broadcast.status },
        "broadcast not running: no driver claims for it",
      );
    return { next: "done" };
  }
  let channel = await cachedChannel(organizationId, broadcast.channelId);
  // the cache may still hold it inactive for a few seconds after it was reactivated: a resume then
  // would pause the broadcast again at once; the fresh row decides
  if (channel?.status !== "active") channel = await findChannel(organizationId, broadcast.channelId);
  if (channel?.status !== "active") {
    await pauseForInactiveChannel(organizationId, broadcast);
    return { next: "done" };
  }
  return { broadcast, channel };
}

/**
 * A running broadcast whose channel was deactivated pauses and says why (`pause.by:
 * "channel_inactive"`, broadcast.paused in the same statement), as one that paused itself for its
 * failures does: it used to become a bare `paused`, indistinguishable from a person's pause, with no
 * event. Reactivating the channel (adding the number again) and resuming continues it.
 */
async function pauseForInactiveChannel(organizationId: string, broadcast: Broadcast): Promise<void> {
  const at = new Date();
  const reason = { by: "channel_inactive" as const, channelId: broadcast.channelId, at: at.toISOString() };
  const result = await pauseBroadcastRow(organizationId, broadcast.id, reason, at);
  if ((result?.changed ?? 0) === 0) return;
  countBroadcastPause("channel_inactive");
  logger.warn(
    { broadcastId: broadcast.id, channelId: broadcast.channelId },
    "broadcast paused: its channel is inactive",
  );
  await enqueueDeliveries(result?.delivery_ids ?? []);
}
