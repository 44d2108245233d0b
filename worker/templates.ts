import { syncFlows } from "@/lib/flows/sync-flows";
import { handle } from "@/lib/jobs/define-job";
import { templatesJob } from "@/lib/jobs/templates";
import { logger } from "@/lib/logger";
import { syncTemplates } from "@/lib/templates/sync-templates";

/** A channel's templates, then its Flows (lib/flows/sync-flows.ts), whose failure fails nothing of the templates'. */
export const processTemplates = handle(templatesJob, async ({ organizationId, channelId }) => {
  const result = await syncTemplates(organizationId, channelId);
  if (result.needs_new_token) return result;
  try {
    return { ...result, flows: await syncFlows(organizationId, channelId) };
  } catch (error) {
    logger.warn({ err: error, channelId }, "flow sync failed");
    return result;
  }
});
