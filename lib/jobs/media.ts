import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/**
 * A customer's media copied from the upstream into our store (worker/media.ts →
 * lib/media/copy-media.ts), named with its organization so that the copy goes through the media
 * repository. A job queued before it carried one fails its check: its media is copied when its
 * signed link is first opened (lib/media/stored-media.ts), as after a copy that failed.
 */
export const mediaJob = defineJob({
  name: "{media}",
  payload: z.object({ organizationId: z.uuid(), mediaId: z.uuid() }),
  options: {
    attempts: 8,
    backoff: { type: "exponential", delay: 2000 },
    removeOnComplete: { age: 3600, count: 1000 },
    removeOnFail: { age: 7 * 86_400 },
  },
  concurrency: () => 5,
});
