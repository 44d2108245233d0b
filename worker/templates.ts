import { markSyncFailed } from "@/lib/channels/repository";
import { syncFlows } from "@/lib/flows/sync-flows";
import { handle } from "@/lib/jobs/define-job";
import { templatesJob } from "@/lib/jobs/templates";
import { logger } from "@/lib/logger";
import { countFlowSync } from "@/lib/metrics/record";
import { describeSyncFailure, syncTemplates } from "@/lib/templates/sync-templates";

/**
 * A channel's templates, then its Flows (lib/flows/sync-flows.ts), whose failure fails nothing of
 * the templates' and is not retried (the next sync is at most 15 minutes away): it is kept on the
 * channel (flowsSyncFailedAt, flowsSyncError; cleared by a sync that works), counted and shown on
 * the Flows page and in /v1/whatsapp/channels (`flow_sync_failure`).
 */
export const processTemplates = handle(templatesJob, async ({ organizationId, channelId }) => {
  const result = await syncTemplates(organizationId, channelId);
  if (result.needs_new_token) return result;
  try {
    const flows = await syncFlows(organizationId, channelId);
    countFlowSync("synced");
    return { ...result, flows };
  } catch (error) {
    countFlowSync("failed");
    const why = describeSyncFailure(error);
    logger.warn({ channelId, error: why }, "flow sync failed");
    await markSyncFailed(organizationId, channelId, "flows", why);
    return { ...result, flows: { failed: why } };
  }
});
