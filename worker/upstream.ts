import type { Job } from "bullmq";
import { QUEUES } from "@/lib/queues";
import { processNotification } from "@/lib/upstream/process-notification";

export async function processUpstream(job: Job) {
  const { notificationId } = QUEUES.upstream.payload.parse(job.data);
  return processNotification(notificationId);
}
