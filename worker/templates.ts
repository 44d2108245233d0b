import type { Job } from "bullmq";
import { QUEUES } from "@/lib/queues";
import { syncTemplates } from "@/lib/templates/sync-templates";

export async function processTemplates(job: Job) {
  const { channelId } = QUEUES.templates.payload.parse(job.data);
  return syncTemplates(channelId);
}
