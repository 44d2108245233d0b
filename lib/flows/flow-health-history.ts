import "#server-only";
import { config } from "@/lib/config";
import { eventRetentionCutoff } from "@/lib/events/list-events";
import { listFlowHealthEvents } from "@/lib/events/repository";
import type { FlowHealthHistoryJson } from "@/lib/flows/dashboard-endpoints";
import { findFlowOrThrow } from "@/lib/flows/find-flow";
import { healthOf } from "@/lib/flows/flow-health";

/** The most alerts the Flow's page lists; older ones stay in the events API until pruned. */
export const FLOW_HEALTH_HISTORY_LIMIT = 50;

/**
 * Every health alert and status change WhatsApp sent about a Flow, newest first, as the Flow's
 * latest one reads (`Flow.health`): the Flow keeps only its latest, and each one is also an event
 * (lib/flows/apply-flow-webhook.ts), so the history is read from the events, kept as long as they
 * are (EVENT_RETENTION_DAYS). Another organization's Flow is 404.
 */
export async function flowHealthHistory(
  organizationId: string,
  flowId: string,
): Promise<FlowHealthHistoryJson> {
  const flow = await findFlowOrThrow(organizationId, flowId);
  const events = await listFlowHealthEvents(
    organizationId,
    flow.id,
    eventRetentionCutoff(),
    FLOW_HEALTH_HISTORY_LIMIT + 1,
  );
  const alerts = events.slice(0, FLOW_HEALTH_HISTORY_LIMIT).flatMap((e) => {
    const data = (e.data ?? {}) as Record<string, unknown>;
    const name = e.name === "flow.status_changed" ? "flow.status_changed" : "flow.health";
    const health = healthOf(name, data);
    if (!health) return [];
    const oldStatus = typeof data.oldStatus === "string" ? data.oldStatus : null;
    return [{ id: e.id, ...health, old_status: oldStatus, received_at: e.createdAt.toISOString() }];
  });
  return {
    alerts,
    has_more: events.length > FLOW_HEALTH_HISTORY_LIMIT,
    kept_days: config().EVENT_RETENTION_DAYS,
  };
}
