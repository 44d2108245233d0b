import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** A channel's templates, then its Flows, read again from the upstream (worker/templates.ts). */
export const templatesJob = defineJob({
  name: "{templates}",
  payload: z.object({ organizationId: z.uuid(), channelId: z.uuid() }),
  options: {
    attempts: 3,
    backoff: { type: "exponential", delay: 5000 },
    removeOnComplete: { age: 3600, count: 1000 },
    removeOnFail: { age: 86_400 },
  },
  concurrency: () => 2,
});

/**
 * BullMQ priorities of the syncs (a job without one is taken before any job with one, and a
 * lower number before a higher): a channel's first sync and the sync after a new token carry
 * none, someone is waiting on them in the dashboard; "Sync templates now" goes behind those, so
 * that one organization clicking it for many channels never holds back another's new channel;
 * the 15-minute sweep (one job per active channel, thousands on a large installation, at a
 * concurrency of 2) goes behind everything.
 */
export const SYNC_PRIORITY = { manual: 10, periodic: 100 } as const;
