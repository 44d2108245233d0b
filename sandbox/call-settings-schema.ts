import { z } from "zod";

/**
 * The `calling` object of Meta's settings API as the sandbox checks it (sandbox/call-settings.ts
 * plays the endpoints; the rules and sources are written there).
 */

const hhmm = z
  .string()
  .refine((v) => /^([01]\d|2[0-3])[0-5]\d$/.test(v), "Times must be written HHMM, between 0000 and 2359.");
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
      if (ranges.some((r) => r.open_time >= r.close_time))
        issue(`open_time must be before close_time (${day}).`);
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

export const calling = z.strictObject({
  status: onOff.optional(),
  call_icon_visibility: z.enum(["DEFAULT", "DISABLE_ALL"]).optional(),
  call_hours: callHours.optional(),
  callback_permission_status: onOff.optional(),
  sip: sip.optional(),
});

/** Other settings of the settings API (storage, …) are not played: accepted and ignored. */
export const settingsBody = z.looseObject({ calling: calling.optional() });

export type SandboxCalling = z.infer<typeof calling>;
