import { sweepBroadcasts } from "@/lib/broadcasts/sweep-broadcasts";
import { sweepRingingCalls } from "@/lib/calls/sweep-ringing-calls";
import { sweepUpstream } from "@/lib/inbound/sweep-upstream";
import { handle } from "@/lib/jobs/define-job";
import { maintenanceJob } from "@/lib/jobs/maintenance";
import { flushKeyUsage } from "@/lib/maintenance/flush-key-usage";
import { prune } from "@/lib/maintenance/prune";
import { sweepDeliveries } from "@/lib/maintenance/sweep-deliveries";
import { sweepSends } from "@/lib/messages/sweep-sends";
import { syncAllTemplates } from "@/lib/templates/sync-all-templates";
import { compactUsage } from "@/lib/usage/compact-usage";

export const processMaintenance = handle(maintenanceJob, async ({ task }) => {
  switch (task) {
    case "flush-key-usage":
      return { updated: await flushKeyUsage() };
    case "prune":
      return prune();
    case "sweep-sends":
      return sweepSends();
    case "sweep-upstream":
      return sweepUpstream();
    case "sweep-broadcasts":
      return sweepBroadcasts();
    case "sync-all-templates":
      return syncAllTemplates();
    case "sweep-deliveries":
      return sweepDeliveries();
    case "compact-usage":
      return compactUsage();
    case "sweep-ringing-calls":
      return sweepRingingCalls();
  }
});
