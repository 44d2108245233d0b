import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { FLOW_STATUSES } from "@/sandbox/flows";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { deliver } from "@/sandbox/notify/deliver";

const HEALTH_EVENTS = [
  "CLIENT_ERROR_RATE",
  "ENDPOINT_ERROR_RATE",
  "ENDPOINT_LATENCY",
  "ENDPOINT_AVAILABILITY",
  "FLOW_VERSION_EXPIRY_WARNING",
] as const;

const body = z.strictObject({
  flow_id: z.string().min(1),
  event: z.enum(["FLOW_STATUS_CHANGE", ...HEALTH_EVENTS]),
  /** FLOW_STATUS_CHANGE: the status the Flow moves to (the stored Flow's status changes too) */
  new_status: z.enum(FLOW_STATUSES).optional(),
  /** fields of Meta's value, over the sample ones (e.g. {alert_state: "DEACTIVATED", error_rate: 2}) */
  value: z.record(z.string(), z.unknown()).default({}),
});

/**
 * A sample value per alert, shaped as Meta's "Flows Webhooks" page shows them
 * (developers.facebook.com/documentation/business-messaging/whatsapp/flows/guides/flowswebhooks):
 * `event`, `message`, `flow_id`, `threshold`, `alert_state` and the measure.
 */
function sample(event: (typeof HEALTH_EVENTS)[number], flowId: string): Record<string, unknown> {
  switch (event) {
    case "CLIENT_ERROR_RATE":
      return {
        message: "The Flow client error rate has reached the 5% threshold in the last 60 minutes",
        error_rate: 7.5,
        threshold: 5,
        alert_state: "ACTIVATED",
        errors: [{ error_type: "INVALID_SCREEN_TRANSITION", error_rate: 7.5, error_count: 3 }],
      };
    case "ENDPOINT_ERROR_RATE":
      return {
        message: "The Flow endpoint error rate has reached the 10% threshold in the last 30 minutes",
        error_rate: 30,
        threshold: 10,
        alert_state: "ACTIVATED",
        errors: [{ error_type: "timeout_error", error_rate: 30, error_count: 12 }],
      };
    case "ENDPOINT_LATENCY":
      return {
        message: "The Flow endpoint latency has reached the 7000ms threshold in the last 30 minutes",
        p90_latency: 8200,
        p50_latency: 4100,
        requests_count: 250,
        threshold: 7000,
        alert_state: "ACTIVATED",
      };
    case "ENDPOINT_AVAILABILITY":
      return {
        message: "The Flow endpoint availability has breached the 90% threshold in the last 10 minutes",
        availability: 75,
        threshold: 90,
        alert_state: "ACTIVATED",
      };
    case "FLOW_VERSION_EXPIRY_WARNING":
      return { message: `Flow ${flowId} uses a Flow JSON version that will expire in 30 days` };
  }
}

/**
 * POST /_sandbox/flows/webhook: posts Meta's `flows` webhook (WABA-level: entry id = the Flow's
 * WABA) for a Flow of the Flows API. FLOW_STATUS_CHANGE moves the stored Flow to `new_status`
 * first (as Meta's health monitoring throttles or blocks it), so the next sync agrees.
 */
export async function postFlowEvent(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const input = parseControl(body, req);
  const flow = ctx.state.flows.get(input.flow_id);
  if (!flow) throw controlError(404, `No Flow ${input.flow_id}.`);
  let value: Record<string, unknown>;
  if (input.event === "FLOW_STATUS_CHANGE") {
    if (!input.new_status) throw controlError(400, "FLOW_STATUS_CHANGE needs new_status.");
    const old = flow.status;
    flow.status = input.new_status;
    value = {
      event: input.event,
      message: `Flow ${flow.name} changed status from ${old} to ${input.new_status}`,
      flow_id: flow.id,
      old_status: old,
      new_status: input.new_status,
      ...input.value,
    };
  } else {
    value = { event: input.event, flow_id: flow.id, ...sample(input.event, flow.id), ...input.value };
  }
  const payload = {
    object: "whatsapp_business_account",
    entry: [{ id: flow.waba_id, time: Math.floor(Date.now() / 1000), changes: [{ value, field: "flows" }] }],
  };
  const delivery = await deliver(ctx, payload);
  return json(200, { flow_id: flow.id, flow_status: flow.status, value, status: delivery.status });
}
