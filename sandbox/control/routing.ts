import { z } from "zod";
import { authorizePhoneNumber } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { parseControl } from "@/sandbox/control/parse-control";
import { controlError, waError } from "@/sandbox/graph-error";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf, newWamid } from "@/sandbox/ids";
import { deliver } from "@/sandbox/notify/deliver";
import { notification } from "@/sandbox/notify/envelope";
import { inboundMessage, inboundMessageObject } from "@/sandbox/notify/inbound-message";
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
 * the thread control answer is `{messaging_product: "whatsapp", success: true}`.
 */

/** Who owns a customer's thread on a number: "us" without a second responder. */
export function threadOwner(state: SandboxState, phoneNumberId: string, customer: string): "us" | "other" {
  if (!state.secondResponders.has(phoneNumberId)) return "us";
  return state.threadOwners.get(windowKey(phoneNumberId, customer)) ?? "other";
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
  second_responder: z.strictObject({ app_id: z.string().min(1).default("meta_business_agent") }).nullable(),
});

/** POST /_sandbox/routing: give a number a second responder (its threads then reach the app on `standby`), or remove it. */
export function postRouting(ctx: Ctx, req: SandboxRequest): Reply {
  const body = parseControl(routingBody, req);
  knownNumber(ctx, body.phone_number_id);
  if (body.second_responder) ctx.state.secondResponders.set(body.phone_number_id, body.second_responder);
  else ctx.state.secondResponders.delete(body.phone_number_id);
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
  const { number } = routedNumber(ctx, body.phone_number_id);
  const status = {
    id: body.id,
    status: body.status,
    timestamp: String(Math.floor(Date.now() / 1000)),
    recipient_id: digitsOf(body.recipient_id),
  };
  const delivery = await deliver(ctx, notification(number, { statuses: [status] }, "standby"));
  return json(200, { status: delivery.status, ...(delivery.error ? { error: delivery.error } : {}) });
}

const threadControlBody = z
  .object({
    messaging_product: z.literal("whatsapp"),
    to: z.string().optional(),
    recipient: z.string().optional(),
    action: z.enum(["pass", "take", "release"]),
    metadata: z.string().max(2000).optional(),
    control_pass: z.object({ target_role: z.string() }).loose().optional(),
  })
  .loose();

/**
 * POST /{phone_number_id}/thread_control (Thread Control (Cloud API)): take a thread from the
 * second responder, release it back to it, or pass it. Errors: a number with no second
 * responder (#100), a take of a thread the app owns or a release/pass of one it does not own
 * (#2494191, the code partners' pages give for a thread control Meta does not permit).
 */
export async function threadControl(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Promise<Reply> {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const parsed = threadControlBody.safeParse(req.rawBody.length === 0 ? {} : parseJson(req.rawBody));
  if (!parsed.success) {
    throw waError(
      400,
      100,
      "Invalid parameter",
      "messaging_product, action (pass, take, release) and to are required.",
    );
  }
  const customer = parsed.data.to ?? parsed.data.recipient;
  if (!customer) throw waError(400, 100, "Invalid parameter", "to is required.");
  if (!ctx.state.secondResponders.has(number.id)) {
    throw waError(400, 100, "Invalid parameter", "Conversation routing is not enabled on this phone number.");
  }
  const key = windowKey(number.id, digitsOf(customer));
  const owner = threadOwner(ctx.state, number.id, digitsOf(customer));
  const { action } = parsed.data;
  if ((action === "take" && owner === "us") || (action !== "take" && owner !== "us")) {
    throw waError(
      400,
      2494191,
      "Thread control not permitted",
      action === "take" ? "The app already owns this thread." : "The app does not own this thread.",
    );
  }
  ctx.state.threadOwners.set(key, action === "take" ? "us" : "other");
  return json(200, { messaging_product: "whatsapp", success: true });
}
