import type { Job } from "bullmq";
import { syncFlows } from "@/lib/flows/sync-flows";
import { logger } from "@/lib/logger";
import { QUEUES } from "@/lib/queues";
import { syncTemplates } from "@/lib/templates/sync-templates";

/** A channel's templates, then its Flows (lib/flows/sync-flows.ts), whose failure fails nothing of the templates'. */
export async function processTemplates(job: Job) {
  const { channelId } = QUEUES.templates.payload.parse(job.data);
  const result = await syncTemplates(channelId);
  if (result.needs_new_token) return result;
  try {
    return { ...result, flows: await syncFlows(channelId) };
  } catch (error) {
    logger.warn({ err: error, channelId }, "flow sync failed");
    return result;
  }
}
