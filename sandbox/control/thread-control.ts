import { z } from "zod";
import { authorizePhoneNumber } from "@/sandbox/auth";
import type { Ctx } from "@/sandbox/context";
import { threadOwner } from "@/sandbox/control/routing";
import { controlError, waError } from "@/sandbox/graph-error";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { digitsOf } from "@/sandbox/ids";
import { notification } from "@/sandbox/notify/envelope";
import { windowOpen } from "@/sandbox/send/window";
import { type PhoneNumber, userKey, windowKey } from "@/sandbox/state";

/**
 * Meta's thread control and Routing Roles APIs, played. Sources: "Thread Control (Cloud API)"
 * https://developers.facebook.com/documentation/meta-business-agent/reference/operate/thread-control-cloud-api
 * (POST /{phone_number_id}/thread_control: `messaging_product`, `to` or `recipient`, `action`
 * pass/take/release, optional `metadata` of at most 2,000 characters, `control_pass.target_role`),
 * "Routing roles" (2026-11-05)
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/conversation-routing/routing-roles/
 * (the business's own roles on a number and `is_standby`; never another partner's) and the
 * "messaging_handovers webhook reference" (2026-09-22): `control_passed` goes to the NEW owner,
 * `control_taken` to the PREVIOUS owner, and a release produces no notification. So the app's own
 * take, pass or release never notifies the app: the notification that results goes to the second
 * responder, and the sandbox keeps it (GET /_sandbox/routing) instead of posting it anywhere.
 *
 * Decided where no page says (the same decisions lib/conversations/thread-control.ts reads):
 * - the Routing Roles path is GET /{phone_number_id}/routing_roles, answering
 *   `{roles: [{role}], is_standby}`; a number without a second responder answers the app as the
 *   `primary` of every entry point, without standby;
 * - every refusal of the action itself is error 2494191 ("Thread control not permitted", the code
 *   partners' pages quote for a take Meta does not permit): routing not active on the number, a
 *   take by an app that is not the escalation partner or of a thread it already owns, a pass or
 *   release of a thread it does not own;
 * - take and pass need the customer's 24-hour window open (131047, as a free-form send): the new
 *   owner could not answer otherwise; release needs none;
 * - a malformed request is (#100) Invalid parameter; a `target_role` other than `ai_agent` too.
 */

const threadControlBody = z
  .object({
    messaging_product: z.literal("whatsapp"),
    to: z.string().min(1).optional(),
    recipient: z.string().min(1).optional(),
    action: z.enum(["pass", "take", "release"]),
    metadata: z.string().max(2000).optional(),
    control_pass: z
      .object({ target_role: z.literal("ai_agent") })
      .loose()
      .optional(),
  })
  .loose();

function notPermitted(details: string): never {
  throw waError(400, 2494191, "Thread control not permitted", details);
}

/** POST /{phone_number_id}/thread_control */
export function threadControl(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const parsed = threadControlBody.safeParse(req.rawBody.length === 0 ? {} : parseJson(req.rawBody));
  if (!parsed.success) {
    throw waError(
      400,
      100,
      "Invalid parameter",
      "messaging_product, action (pass, take, release) and to are required; control_pass.target_role may only be ai_agent.",
    );
  }
  const body = parsed.data;
  const who = body.to ?? body.recipient;
  if (!who) throw waError(400, 100, "Invalid parameter", "to or recipient is required.");
  const second = ctx.state.secondResponders.get(number.id);
  if (!second) notPermitted("Conversation routing is not active on this phone number.");
  const customer = body.to ? digitsOf(body.to) : userKey(body.recipient ?? "");
  const owner = threadOwner(ctx.state, number.id, customer);
  if (body.action === "take") {
    if (!second.app_roles.includes("escalation_partner"))
      notPermitted("Only the escalation partner can take a thread.");
    if (owner === "us") notPermitted("The app already owns this thread.");
  } else if (owner !== "us") {
    notPermitted("The app does not own this thread.");
  }
  if (
    body.action !== "release" &&
    ctx.state.settings.enforce_window &&
    !windowOpen(ctx.state, number.id, customer)
  ) {
    throw waError(
      400,
      131047,
      "Re-engagement message",
      "More than 24 hours have passed since the customer last replied to this number.",
    );
  }
  ctx.state.threadOwners.set(windowKey(number.id, customer), body.action === "take" ? "us" : "other");
  // what the second responder hears (never the app: see above); a release names no new owner
  if (body.action !== "release") {
    const sender = body.to ? { phone_number: customer } : { user_id: body.recipient };
    const type = body.action === "take" ? "control_taken" : "control_passed";
    recordHandover(ctx, number, type, sender, body.metadata);
  }
  return json(200, { messaging_product: "whatsapp", success: true });
}

/**
 * A message the app sends to a thread the second responder owns: the escalation partner takes it
 * "implicitly by sending a Service message" (messaging_handovers reference), so the thread is the
 * app's and the second responder hears `control_taken`. An app that is not the escalation partner
 * changes nothing (the sandbox does not refuse its send: no page says Meta does).
 */
export function takeOnSend(ctx: Ctx, number: PhoneNumber, customer: string): void {
  const second = ctx.state.secondResponders.get(number.id);
  if (!second?.app_roles.includes("escalation_partner")) return;
  if (threadOwner(ctx.state, number.id, customer) === "us") return;
  ctx.state.threadOwners.set(windowKey(number.id, customer), "us");
  const sender = customer.startsWith("user:")
    ? { user_id: customer.slice("user:".length) }
    : { phone_number: customer };
  recordHandover(ctx, number, "control_taken", sender, undefined);
}

function recordHandover(
  ctx: Ctx,
  number: PhoneNumber,
  type: "control_taken" | "control_passed",
  sender: Record<string, unknown>,
  metadata: string | undefined,
): void {
  const detail: Record<string, unknown> =
    type === "control_taken"
      ? { previous_owner_role: "ai_agent", new_owner_role: "escalation_partner" }
      : { previous_owner_role: "escalation_partner", new_owner_role: "ai_agent" };
  if (metadata !== undefined) detail.metadata = metadata;
  const value = { type, [type]: detail, sender, timestamp: String(Math.floor(Date.now() / 1000)) };
  const list = ctx.state.secondResponderHandovers.get(number.id) ?? [];
  list.push(notification(number, value, "messaging_handovers"));
  ctx.state.secondResponderHandovers.set(number.id, list.slice(-100));
}

/** GET /{phone_number_id}/routing_roles: the app's own roles on the number. */
export function routingRoles(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const second = ctx.state.secondResponders.get(number.id);
  if (!second) return json(200, { roles: [{ role: "primary" }], is_standby: false });
  return json(200, { roles: second.app_roles.map((role) => ({ role })), is_standby: second.is_standby });
}

/** GET /_sandbox/routing?phone_number_id=…: the number's routing as the sandbox plays it. */
export function getRouting(ctx: Ctx, req: SandboxRequest): Reply {
  const id = req.query.get("phone_number_id") ?? "";
  if (!ctx.state.phoneNumbers.has(id)) throw controlError(404, `Unknown phone_number_id ${id}.`);
  const threads: Record<string, "us" | "other"> = {};
  for (const [key, owner] of ctx.state.threadOwners) {
    if (key.startsWith(`${id}:`)) threads[key.slice(id.length + 1)] = owner;
  }
  return json(200, {
    phone_number_id: id,
    second_responder: ctx.state.secondResponders.get(id) ?? null,
    threads,
    second_responder_handovers: ctx.state.secondResponderHandovers.get(id) ?? [],
  });
}
