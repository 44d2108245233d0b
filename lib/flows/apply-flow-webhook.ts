import "#server-only";
import { listWabaChannels } from "@/lib/channels/repository";
import { db } from "@/lib/db";
import { recordEvent } from "@/lib/events/record-event";
import { healthOf, readFlowsChange } from "@/lib/flows/flow-health";
import { type FlowChanges, findFlowByUpstreamId, updateFlowRow } from "@/lib/flows/repository";

/** The WABA-level notification field of WhatsApp Flows (lib/flows/flow-health.ts says what it holds). */
export const FLOWS_FIELD = "flows";

/**
 * One change of the `flows` field, for the organization whose active channel holds the WABA
 * (a WABA is active in one organization at most, as for templates: lib/templates/apply-template-change.ts;
 * channels whose token Meta refused are left out; the receiver found it,
 * lib/inbound/process-notification.ts, and names it here; without one it records the change as
 * unprocessed instead). The Flow is
 * found by Meta's id on those channels only; its status (FLOW_STATUS_CHANGE) and latest alert are written at once, and
 * `flow.status_changed` or `flow.health` is recorded. A Flow not synced yet still gets its event
 * (flowId null, on the WABA's oldest channel) so that no alert is lost. Answers the delivery ids
 * to start, or null when the value cannot be read (the caller then records it as unprocessed).
 */
export async function applyFlowWebhook(
  organizationId: string,
  wabaId: string,
  value: unknown,
): Promise<string[] | null> {
  const change = readFlowsChange(value);
  if (!change) return null;
  const channels = await listWabaChannels(organizationId, wabaId);
  const first = channels[0];
  if (!first) return [];
  const now = new Date();
  return db().$transaction(async (tx) => {
    const flow = await findFlowByUpstreamId(
      organizationId,
      change.upstreamFlowId,
      channels.map((c) => c.id),
      tx,
    );
    if (flow) {
      const data: FlowChanges = {
        // never null for a change just read (its kind is one readFlowsChange knows)
        latestHealth: healthOf(change.name, change.data) ?? undefined,
        latestHealthAt: now,
        ...(change.name === "flow.status_changed" ? { status: change.data.newStatus } : {}),
      };
      await updateFlowRow(organizationId, flow.id, data, tx);
    }
    const which = {
      flowId: flow?.id ?? null,
      upstreamFlowId: change.upstreamFlowId,
      channelId: flow?.channelId ?? first.id,
      wabaId,
      timestamp: now.toISOString(),
    };
    // the event at the Flow's latestHealthAt: its history (lib/flows/flow-health-history.ts) and
    // its latest alert read the same instant
    return change.name === "flow.status_changed"
      ? recordEvent(tx, organizationId, "flow.status_changed", { ...which, ...change.data }, now)
      : recordEvent(tx, organizationId, "flow.health", { ...which, ...change.data }, now);
  });
}
