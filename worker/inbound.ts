import type { Job } from "bullmq";
import { processNotification } from "@/lib/inbound/process-notification";
import { countInbound } from "@/lib/metrics/record";
import { QUEUES } from "@/lib/queues";

export async function processInbound(job: Job) {
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
