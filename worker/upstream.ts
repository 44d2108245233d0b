import { processNotification } from "@/lib/inbound/process-notification";
import { handle } from "@/lib/jobs/define-job";
import { upstreamJob } from "@/lib/jobs/upstream";
import { countInbound } from "@/lib/metrics/record";

export const processInbound = handle(upstreamJob, async ({ notificationId }) => {
  try {
    const result = await processNotification(notificationId);
    countInbound("processed");
    return result;
  } catch (error) {
    countInbound("failed");
    throw error;
  }
});
