import { authorizePhoneNumber } from "@/sandbox/auth";
import { type SandboxCalling, settingsBody } from "@/sandbox/call-settings-schema";
import type { Ctx } from "@/sandbox/context";
import { controlError, type GraphError, waError } from "@/sandbox/graph-error";
import { json, parseJson, type Reply, type SandboxRequest } from "@/sandbox/http";
import { parseOrThrow } from "@/sandbox/send/parse";
import type { SandboxState } from "@/sandbox/state";

/**
 * Meta's settings API for calling: `POST /{phone_number_id}/settings` with a `calling` object and
 * `GET /{phone_number_id}/settings`, as the call-settings guide and the Calling API reference show
 * them (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/call-settings/,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/reference).
 * Fields left out keep their value; `call_hours` is replaced as a whole (holidays too).
 * Decided here (no page gives them): a number nobody configured has calling ENABLED (Meta's
 * default is DISABLED; the sandbox's keeps suites that never touch settings working); a number
 * with calling DISABLED, or with SIP ENABLED (SIP turns the Graph calling endpoints off), refuses
 * `POST /{id}/calls` `connect`, `pre_accept` and `accept` with 400, code 138000 "Calling not
 * enabled" (`reject` and `terminate` still end a live call), and its customers cannot start a call (`/_sandbox/calls` start answers 409). Call hours are kept and answered, not enforced.
 */

const DEFAULTS: SandboxCalling = {
  status: "ENABLED",
  call_icon_visibility: "DEFAULT",
  callback_permission_status: "DISABLED",
  call_hours: { status: "DISABLED" },
  sip: { status: "DISABLED" },
};

function callingOf(state: SandboxState, phoneNumberId: string): SandboxCalling {
  return state.callingSettings.get(phoneNumberId) ?? DEFAULTS;
}

/** POST /{version}/{phone_number_id}/settings */
export function postSettings(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  const body = parseOrThrow(settingsBody, parseJson(req.rawBody), []);
  // Meta's calling eligibility (call-settings guide: a messaging limit of 2000 or above); the
  // code and words of the refusal are ours, no page gives them
  if (body.calling?.status === "ENABLED" && !number.calling_eligible)
    throw waError(
      400,
      100,
      "Invalid parameter",
      "Calling cannot be enabled on this business phone number: its messaging limit is below 2000.",
    );
  if (body.calling) {
    const current = callingOf(ctx.state, number.id);
    const next: SandboxCalling = { ...current };
    for (const [key, value] of Object.entries(body.calling))
      if (value !== undefined) Object.assign(next, { [key]: value });
    ctx.state.callingSettings.set(number.id, next);
  }
  return json(200, { success: true });
}

/** GET /{version}/{phone_number_id}/settings */
export function getSettings(ctx: Ctx, req: SandboxRequest, phoneNumberId: string): Reply {
  const number = authorizePhoneNumber(ctx.state, req, phoneNumberId);
  return json(200, { calling: callingOf(ctx.state, number.id) });
}

/** Why the Graph calling endpoints are off for the number, or null when they are on. */
function callingOff(state: SandboxState, phoneNumberId: string): string | null {
  const settings = callingOf(state, phoneNumberId);
  if (settings.status === "DISABLED") return "Calling is disabled on this business phone number.";
  if (settings.sip?.status === "ENABLED")
    return "This business phone number uses SIP for call signaling: the Graph calling endpoints are off.";
  return null;
}

/** For `POST /{id}/calls`: Meta's refusal when calling is off on the number. */
export function assertCallingEnabled(state: SandboxState, phoneNumberId: string): void {
  const why = callingOff(state, phoneNumberId);
  if (why) throw waError(400, 138000, "Calling not enabled", why) satisfies GraphError;
}

/** Whether the number's customers grant a temporary call permission by calling it (callback_permission_status). */
export function callbackPermissionEnabled(state: SandboxState, phoneNumberId: string): boolean {
  return callingOf(state, phoneNumberId).callback_permission_status === "ENABLED";
}

/** For `/_sandbox/calls` start: a customer cannot call a number with calling off. */
export function assertCustomerCanCall(state: SandboxState, phoneNumberId: string): void {
  const why = callingOff(state, phoneNumberId);
  if (why) throw controlError(409, `The customer cannot call: ${why}`);
}
