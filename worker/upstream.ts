import type { Job } from "bullmq";
import { countInbound } from "@/lib/metrics/record";
import { QUEUES } from "@/lib/queues";
import { processNotification } from "@/lib/upstream/process-notification";

export async function processUpstream(job: Job) {
  const { notificationId } = QUEUES.upstream.payload.parse(job.data);
  try {
    const result = await processNotification(notificationId);
    countInbound("processed");
    return result;
  } catch (error) {
    countInbound("failed");
    throw error;
  }
}
