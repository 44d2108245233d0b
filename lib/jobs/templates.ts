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
