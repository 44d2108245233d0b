import { z } from "zod";

/** A broadcast's recipients by state: in the Broadcast resource and in `broadcast.completed`. */
export const broadcastCounts = z
  .object({
    total: z.int(),
    pending: z.int(),
    sent: z.int().meta({ description: "Sent upstream (delivered and read included)" }),
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
