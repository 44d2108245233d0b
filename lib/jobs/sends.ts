import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";

/** One message to the upstream (worker/sends.ts → lib/messages/deliver-to-upstream.ts). */
export const sendsJob = defineJob({
  name: "{sends}",
  payload: z.object({
    messageId: z.uuid(),
    /** the channel the send goes through (absent on jobs the sweeper queues again) */
    channelId: z.uuid().optional(),
    /** the requesting process's outcome channel (lib/messages/send-outcome-channel.ts) */
    replyTo: z.string().max(300).optional(),
  }),
  options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 86_400 } },
  concurrency: (settings) => settings.SEND_CONCURRENCY,
});
