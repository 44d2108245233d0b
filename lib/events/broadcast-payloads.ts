import { z } from "zod";

/** A broadcast's recipients by state: in the Broadcast resource and in `broadcast.completed`. */
export const broadcastCounts = z
  .object({
    total: z.int(),
    pending: z.int(),
    sent: z.int().meta({
      description:
        "Sent upstream (delivered and read included; not the ones WhatsApp holds, counted in `held`)",
    }),
    held: z.int().meta({
      description:
        "Accepted by WhatsApp but held (Meta's template pacing: `held_for_quality_assessment` or `paused`): not sent yet. They move to `sent` when WhatsApp releases them, to `failed` when it drops them",
    }),
    delivered: z.int().meta({ description: "Delivered (read included)" }),
    read: z.int(),
    failed: z.int(),
    skipped: z.int(),
    replied: z.int().meta({ description: "Wrote back within 24 hours after delivery" }),
  })
  .meta({ id: "BroadcastCounts" });

export const broadcastCompletedData = z
  .object({
    broadcastId: z.uuid().meta({ description: "The broadcast" }),
    counts: broadcastCounts,
    timestamp: z.iso
      .datetime()
      .meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" }),
  })
  .meta({ id: "BroadcastCompletedData" });

const pausedAt = z.iso.datetime().meta({ description: "When it paused" });

const pausedByFailures = z.object({
  by: z.literal("failures").meta({
    description:
      "failures: most of a window of at least 50 results (80 %) failed with one error, so the broadcast stopped itself",
  }),
  error: z.object({
    code: z.string().meta({ description: "The upstream error code most of the window failed with" }),
    message: z.string().meta({ description: "What went wrong, in words a person understands" }),
    hint: z.string().optional().meta({ description: "What to do next" }),
  }),
  failed: z.int().meta({ description: "Results of the window that failed with this error" }),
  of: z.int().meta({ description: "Results (sent or failed) in the window" }),
  at: pausedAt,
});

const pausedByChannel = z.object({
  by: z.literal("channel_inactive").meta({
    description:
      "channel_inactive: the broadcast's channel was deactivated, so nothing more can be sent through it; its customers wait. Add the number again (it reactivates the channel), then resume; or cancel",
  }),
  channelId: z.uuid().meta({ description: "The deactivated channel" }),
  at: pausedAt,
});

/**
 * Why a broadcast paused itself: in the Broadcast resource (`pause`) and in `broadcast.paused`.
 * `by` tells the kinds apart; a broadcast paused by a person has no `pause`.
 */
export const broadcastPause = z
  .discriminatedUnion("by", [pausedByFailures, pausedByChannel])
  .meta({ id: "BroadcastPause" });

export type BroadcastPauseJson = z.infer<typeof broadcastPause>;

export const broadcastPausedData = z
  .object({
    broadcastId: z.uuid().meta({ description: "The broadcast" }),
    pause: broadcastPause,
    counts: broadcastCounts,
    timestamp: z.iso
      .datetime()
      .meta({ description: "Time of the event on the server (ISO 8601, milliseconds)" }),
  })
  .meta({ id: "BroadcastPausedData" });
