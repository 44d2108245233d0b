import type { Ctx } from "@/sandbox/context";
import type { GraphErrorBody } from "@/sandbox/graph-error";
import { type Delivery, deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { type AcceptedMessage, later } from "@/sandbox/state";

export type StatusName = "sent" | "delivered" | "read" | "failed";

export type StatusError = {
  code: number;
  title: string;
  message: string;
  error_data: { details: string };
  href: string;
};

type Step = { status: StatusName; at: number; errors?: StatusError[] };

export const ERROR_CODES_HREF =
  "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/";

/** A status webhook's `errors[]` item from a Graph error. */
export function statusError(error: GraphErrorBody["error"]): StatusError {
  const title = error.message.replace(/^\(#\d+\)\s*/, "");
  return {
    code: error.code,
    title,
    message: title,
    error_data: { details: error.error_data?.details ?? title },
    href: ERROR_CODES_HREF,
  };
}

function statusObject(message: AcceptedMessage, step: Step, atMs: number): Record<string, unknown> {
  const status: Record<string, unknown> = {
    id: message.id,
    status: step.status,
    timestamp: String(Math.floor(atMs / 1000)),
    recipient_id: message.recipient_id,
  };
  if (message.biz_opaque_callback_data !== undefined) {
    status.biz_opaque_callback_data = message.biz_opaque_callback_data;
  }
  if (step.status === "sent" || step.status === "delivered") {
    status.pricing = {
      billable: message.billable,
      pricing_model: "PMP",
      category: message.category,
      type: message.pricing_type,
    };
  }
  if (step.errors) status.errors = step.errors;
  return status;
}

/** Post one status notification now (and, by `duplicate_rate`, once more). */
export async function postStatus(
  ctx: Ctx,
  message: AcceptedMessage,
  step: Step,
  atMs: number,
): Promise<Delivery> {
  const number = ctx.state.phoneNumbers.get(message.phone_number_id);
  if (!number) return { status: 0, error: `phone number ${message.phone_number_id} is gone` };
  const payload = notification(number, { statuses: [statusObject(message, step, atMs)] });
  const result = await deliver(ctx, payload);
  if (Math.random() < ctx.state.settings.duplicate_rate) await deliver(ctx, payload);
  return result;
}

/** Run the steps at their offsets from `acceptedAt`, one after the other (reversed with `reorder`). */
function schedule(ctx: Ctx, message: AcceptedMessage, steps: Step[], acceptedAt: number): void {
  const { reorder } = ctx.state.settings;
  const last = Math.max(0, ...steps.map((s) => s.at));
  const ordered = reorder ? [...steps].sort((a, b) => b.at - a.at) : [...steps].sort((a, b) => a.at - b.at);
  let chain: Promise<unknown> = Promise.resolve();
  for (const step of ordered) {
    later(ctx.state, reorder ? last : step.at, () => {
      chain = chain.then(() => postStatus(ctx, message, step, acceptedAt + step.at));
    });
  }
}

/** sent → delivered → read after an accepted send, as `status_delays_ms` says. */
export function scheduleLifecycle(ctx: Ctx, message: AcceptedMessage, acceptedAt: number): void {
  const {
    status_delays_ms: delays,
    skip_delivered_when_read_fast,
    read_fast_threshold_ms,
  } = ctx.state.settings;
  let steps: Step[] = [];
  for (const status of ["sent", "delivered", "read"] as const) {
    const at = delays[status];
    if (at !== null) steps.push({ status, at });
  }
  const delivered = delays.delivered;
  const read = delays.read;
  if (
    skip_delivered_when_read_fast &&
    delivered !== null &&
    read !== null &&
    read - delivered <= read_fast_threshold_ms
  ) {
    steps = steps.filter((s) => s.status !== "delivered");
  }
  schedule(ctx, message, steps, acceptedAt);
}

/** A `failed` status instead of the lifecycle (async_errors). */
export function scheduleFailure(
  ctx: Ctx,
  message: AcceptedMessage,
  error: GraphErrorBody["error"],
  acceptedAt: number,
): void {
  const at = ctx.state.settings.status_delays_ms.sent ?? 0;
  schedule(ctx, message, [{ status: "failed", at, errors: [statusError(error)] }], acceptedAt);
}
