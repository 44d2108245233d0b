import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** notifications processed at once by one worker, from this queue and from listenForUpstream each */
export const UPSTREAM_CONCURRENCY = 20;

/**
 * The notifications the upstream sent us, one job each (worker/upstream.ts → lib/inbound/): those
 * the sweeper queued again; the web's NOTIFY wakes listenForUpstream for the rest. "{upstream}" is
 * a Redis name: renaming it would orphan the jobs queued before a deploy.
 */
export const upstreamJob = defineJob({
  name: "{upstream}",
  payload: z.object({ notificationId: z.uuid() }),
  options: {
    attempts: 5,
    backoff: { type: "exponential", delay: 1000 },
    removeOnComplete: { age: 3600, count: 10_000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  concurrency: () => UPSTREAM_CONCURRENCY,
});
