import { z } from "zod";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError } from "@/sandbox/graph-error";
import { json, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { inboundMessage, inboundMessageObject } from "@/sandbox/notify/inbound-message";
import { secondResponderPricing } from "@/sandbox/send/pricing";
import { type PhoneNumber, type SandboxState, windowKey } from "@/sandbox/state";

/**
 * Meta's conversation routing, played: a number may have a second responder (Meta Business
 * Agent on a real number); each customer's thread is owned by one of the two. Sources:
 * "Standby webhooks" (2026-08-04)
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/standby/,
 * "messaging_handovers webhook reference" (2026-09-22)
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messaging-handovers/,
 * "Thread Control (Cloud API)"
 * https://developers.facebook.com/documentation/meta-business-agent/reference/operate/thread-control-cloud-api
 * Where the pages give no key, the sandbox decided (the same shapes lib/inbound/process-handover.ts reads):
 * a thread starts with the second responder (entry-point routing); the handover value is
 * `{type, <type>: {previous_owner_app_id, new_owner_app_id, metadata}, sender: {phone_number}}`;
 * thread control and routing roles are in sandbox/control/thread-control.ts.
 */

/** Who owns a customer's thread on a number: "us" without a second responder. */
export function threadOwner(state: SandboxState, phoneNumberId: string, customer: string): "us" | "other" {
  const second = state.secondResponders.get(phoneNumberId);
  if (!second) return "us";
  // a new thread goes to the entry point's primary: the app when the business made it one
  return (
    state.threadOwners.get(windowKey(phoneNumberId, customer)) ??
    (second.app_roles.includes("primary") ? "us" : "other")
  );
}

function knownNumber(ctx: Ctx, phoneNumberId: string): PhoneNumber {
  const number = ctx.state.phoneNumbers.get(phoneNumberId);
  if (!number)
    throw controlError(
      404,
      `Unknown phone_number_id ${phoneNumberId}: PUT /_sandbox/phone-numbers/{id} first.`,
    );
  if (!ctx.state.app) throw controlError(409, "No app registered: PUT /_sandbox/app first.");
  return number;
}

function routedNumber(ctx: Ctx, phoneNumberId: string): { number: PhoneNumber; appId: string } {
  const number = knownNumber(ctx, phoneNumberId);
  const second = ctx.state.secondResponders.get(phoneNumberId);
  if (!second) throw controlError(409, "No second responder: POST /_sandbox/routing first.");
  return { number, appId: second.app_id };
}

const routingBody = z.strictObject({
  phone_number_id: z.string().min(1),
  /** null removes it: every thread is the app's again */
  second_responder: z
    .strictObject({
      app_id: z.string().min(1).default("meta_business_agent"),
      /**
       * the app's roles on the number (the Routing Roles API's answer): by default the escalation
       * partner with standby visibility, the second responder being the primary of every entry point
       */
      app_roles: z
        .array(z.enum(["primary", "escalation_partner"]))
        .max(2)
        .default(["escalation_partner"]),
      is_standby: z.boolean().default(true),
    })
    .nullable(),
});

/** POST /_sandbox/routing: give a number a second responder (its threads then reach the app on `standby`), or remove it. */
export function postRouting(ctx: Ctx, req: SandboxRequest): Reply {
  const body = parseControl(routingBody, req);
  knownNumber(ctx, body.phone_number_id);
  if (body.second_responder) ctx.state.secondResponders.set(body.phone_number_id, body.second_responder);
  else ctx.state.secondResponders.delete(body.phone_number_id);
  ctx.state.secondResponderHandovers.delete(body.phone_number_id);
  for (const key of ctx.state.threadOwners.keys()) {
    if (key.startsWith(`${body.phone_number_id}:`)) ctx.state.threadOwners.delete(key);
  }
  return json(200, { success: true });
}

const handoverBody = z.strictObject({
  phone_number_id: z.string().min(1),
  from: z.string().regex(/\d{5,}/, "a phone number"),
  /** pass: the second responder passes the thread to the app (control_passed); take: it takes it (control_taken) */
  action: z.enum(["pass", "take"]),
  metadata: z.string().max(2000).optional(),
});

/** POST /_sandbox/handovers: the second responder passes or takes a thread; `messaging_handovers` is posted to the app. */
export async function postHandover(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(handoverBody, req);
  const { number, appId } = routedNumber(ctx, body.phone_number_id);
  const customer = digitsOf(body.from);
  // the sandbox's app has no id of its own: "sandbox_app" names it
  const ownApp = "sandbox_app";
  const type = body.action === "pass" ? "control_passed" : "control_taken";
  ctx.state.threadOwners.set(windowKey(number.id, customer), body.action === "pass" ? "us" : "other");
  const detail: Record<string, unknown> =
    body.action === "pass"
      ? { previous_owner_app_id: appId, new_owner_app_id: ownApp }
      : { previous_owner_app_id: ownApp, new_owner_app_id: appId };
  if (body.metadata !== undefined) detail.metadata = body.metadata;
  const value = {
    type,
    [type]: detail,
    sender: { phone_number: customer },
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const delivery = await deliver(ctx, notification(number, value, "messaging_handovers"));
  return json(200, { type, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}

const standbyEchoBody = z.strictObject({
  phone_number_id: z.string().min(1),
  to: z.string().regex(/\d{5,}/, "a phone number"),
  id: z.string().min(1).optional(),
  message: inboundMessage,
});

/** POST /_sandbox/standby/echoes: the second responder answers a customer; `standby` carries the echo. */
export async function postStandbyEcho(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(standbyEchoBody, req);
  const { number } = routedNumber(ctx, body.phone_number_id);
  const to = digitsOf(body.to);
  const id = body.id ?? newWamid(to);
  const item = inboundMessageObject(
    ctx.state,
    number,
    { wa_id: digitsOf(number.display_phone_number) },
    id,
    Math.floor(Date.now() / 1000),
    body.message,
  );
  item.to = to;
  const delivery = await deliver(ctx, notification(number, { message_echoes: [item] }, "standby"));
  return json(200, { id, status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}

const standbyStatusBody = z.strictObject({
  phone_number_id: z.string().min(1),
  /** the wamid the status is about (any: a wamid of the app's own message tests that it is ignored) */
  id: z.string().min(1),
  recipient_id: z.string().regex(/\d{5,}/, "a phone number"),
  status: z.enum(["sent", "delivered", "read"]),
});

/** POST /_sandbox/standby/statuses: a status of a message of the second responder, on `standby`. */
export async function postStandbyStatus(ctx: Ctx, req: SandboxRequest): Promise<Reply> {
  const body = parseControl(standbyStatusBody, req);
  const { number, appId } = routedNumber(ctx, body.phone_number_id);
  const status: Record<string, unknown> = {
    id: body.id,
    status: body.status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: digitsOf(body.recipient_id),
  };
  // priced like the app's own statuses (sandbox/notify/statuses.ts): on sent and delivered; Meta
  // Business Agent's messages in their own category (sandbox/send/pricing.ts)
  if (body.status !== "read") {
    const p = secondResponderPricing(ctx.state, appId);
    status.pricing = {
      billable: p.billable,
      pricing_model: "PMP",
      category: p.category,
      type: p.pricing_type,
    };
  }
  const delivery = await deliver(ctx, notification(number, { statuses: [status] }, "standby"));
  return json(200, { status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}
