import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/**
 * One message to the upstream (worker/sends.ts → lib/messages/deliver-to-upstream.ts), named with
 * its organization so that the worker reads and writes it through the messages repository. A job
 * queued before it carried one fails its check: its message stays `queued` and the sweeper
 * (lib/messages/sweep-sends.ts) queues it again, with its organization, a minute later.
 */
export const sendsJob = defineJob({
  name: "{sends}",
  payload: z.object({
    organizationId: z.uuid(),
    messageId: z.uuid(),
    /** the channel the send goes through (absent on jobs the sweeper queues again) */
    channelId: z.uuid().optional(),
    /** the requesting process's outcome channel (lib/messages/send-outcome-channel.ts) */
    replyTo: z.string().max(300).optional(),
  }),
  options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  concurrency: (settings) => settings.SEND_CONCURRENCY,
});
