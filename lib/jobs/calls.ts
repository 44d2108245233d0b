import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/**
 * A customer's call that rings unanswered past its channel's ring time (worker/calls.ts →
 * lib/calls/ring-timeout.ts): one delayed job per call, job id `ring-<call id>`; the sweeper
 * re-finds those lost with Redis.
 */
export const callsJob = defineJob({
  name: "{calls}",
  payload: z.object({ organizationId: z.uuid(), callId: z.uuid() }),
  options: {
    attempts: 3,
    backoff: { type: "exponential", delay: 1000 },
    removeOnComplete: { age: 3600, count: 1000 },
    removeOnFail: { age: 86_400 },
  },
  concurrency: () => 5,
});
