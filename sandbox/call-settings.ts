import { z } from "zod";
import { authorizePhoneNumber } from "@/sandbox/auth";
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

const hhmm = z.string().regex(/^([01]\d|2[0-3])[0-5]\d$/, "a time as HHMM between 0000 and 2359");
const onOff = z.enum(["ENABLED", "DISABLED"]);
const DAYS = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const callHours = z
  .strictObject({
    status: onOff,
    timezone_id: z.string().refine(isTimeZone, "Param timezone_id must be a valid time zone id.").optional(),
    weekly_operating_hours: z
      .array(z.strictObject({ day_of_week: z.enum(DAYS), open_time: hhmm, close_time: hhmm }))
      .max(14)
      .optional(),
    holiday_schedule: z
      .array(z.strictObject({ date: z.iso.date(), start_time: hhmm, end_time: hhmm }))
      .max(20)
      .optional(),
  })
  .superRefine((hours, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message });
    if (hours.status === "ENABLED") {
      if (!hours.timezone_id) issue("Param timezone_id is required when call_hours is ENABLED.");
      if (!hours.weekly_operating_hours?.length)
        issue("Param weekly_operating_hours is required when call_hours is ENABLED.");
    }
    for (const day of DAYS) {
      const ranges = (hours.weekly_operating_hours ?? [])
        .filter((h) => h.day_of_week === day)
        .sort((a, b) => a.open_time.localeCompare(b.open_time));
      if (ranges.some((r) => r.open_time >= r.close_time)) issue(`open_time must be before close_time (${day}).`);
      if (ranges.length > 2) issue(`At most 2 operating hour ranges are allowed per day (${day}).`);
      if (ranges.some((r, i) => i > 0 && r.open_time < (ranges[i - 1]?.close_time ?? "")))
        issue(`Operating hours overlap on ${day}.`);
    }
    for (const h of hours.holiday_schedule ?? [])
      if (h.start_time >= h.end_time) issue(`start_time must be before end_time (${h.date}).`);
  });

const sip = z
  .strictObject({
    status: onOff,
    servers: z
      .array(
        z.strictObject({
          hostname: z.string().min(1),
          port: z.number().int().min(1).max(65_535).optional(),
          request_uri_user_params: z.record(z.string(), z.string()).optional(),
        }),
      )
      .max(1)
      .optional(),
  })
  .refine((s) => s.status === "DISABLED" || (s.servers?.length ?? 0) > 0, {
    message: "Param servers is required when sip is ENABLED.",
  });

const calling = z.strictObject({
  status: onOff.optional(),
  call_icon_visibility: z.enum(["DEFAULT", "DISABLE_ALL"]).optional(),
  call_hours: callHours.optional(),
  callback_permission_status: onOff.optional(),
  sip: sip.optional(),
});

/** Other settings of the settings API (storage, …) are not played: accepted and ignored. */
const settingsBody = z.looseObject({ calling: calling.optional() });

export type SandboxCalling = z.infer<typeof calling>;

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

/** For `/_sandbox/calls` start: a customer cannot call a number with calling off. */
export function assertCustomerCanCall(state: SandboxState, phoneNumberId: string): void {
  const why = callingOff(state, phoneNumberId);
  if (why) throw controlError(409, `The customer cannot call: ${why}`);
}
