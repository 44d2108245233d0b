import type { Job } from "bullmq";
import { deliverToUpstream } from "@/lib/messages/deliver-to-upstream";
import { QUEUES } from "@/lib/queues";

export async function processSend(job: Job) {
  const { messageId } = QUEUES.sends.payload.parse(job.data);
  return deliverToUpstream(messageId);
}
