import "#server-only";
import { findBroadcastRow, updateBroadcastRow } from "@/lib/broadcasts/repository/broadcasts";
import type { Broadcast, Channel } from "@/lib/generated/prisma/client.ts";
import { logger } from "@/lib/logger";
import { cachedChannel } from "@/lib/messages/send-channel-cache";

/** What a broadcast's job does next: nothing (done), or run again at `at` (ms since the epoch). */
export type RunResult = { next: "done" } | { next: "later"; at: number };

export type Started = { broadcast: Broadcast; channel: Channel };

/**
 * The broadcast a driver may send now: a scheduled one whose time has come starts (`running`,
 * startedAt); one scheduled later asks to run then; a paused, cancelled or completed one needs
 * no driver. A broadcast whose channel was deactivated is paused: its recipients wait, and the
 * owner can resume it on the reactivated channel or cancel it.
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
  const channel = await cachedChannel(organizationId, broadcast.channelId);
  if (channel?.status !== "active") {
    await updateBroadcastRow(organizationId, broadcastId, { from: ["running"], data: { status: "paused" } });
    logger.warn({ broadcastId, channelId: broadcast.channelId }, "broadcast paused: its channel is inactive");
    return { next: "done" };
  }
  return { broadcast, channel };
}
