import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/**
 * One job per broadcast (job id = broadcast id; worker/broadcasts.ts → run-broadcast.ts): it sends
 * batches at the channel's pace and gives its turn back (delayed) while it waits; the state is in
 * PostgreSQL, so a lost or failed job is simply queued again by the sweeper
 * (lib/broadcasts/sweep-broadcasts.ts). A job sends its batches itself, concurrently: few jobs keep
 * many sends in flight.
 */
export const broadcastsJob = defineJob({
  name: "{broadcasts}",
  payload: z.object({
    broadcastId: z.uuid(),
    /**
     * whose broadcast it is: the driver reads and writes through the broadcasts repository, which
     * takes the organization. Absent only on a job queued before it was added: that job ends, and
     * the sweeper (every 5 s) queues the broadcast again with it.
     */
    organizationId: z.uuid().optional(),
  }),
  options: {
    attempts: 10,
    backoff: { type: "exponential", delay: 1000 },
    removeOnComplete: true,
    removeOnFail: true,
  },
  concurrency: (settings) => settings.BROADCAST_CONCURRENCY,
});
