import { z } from "zod";

/**
 * A channel's Calling API settings (issue 32 part 3), the `calling` object of Meta's settings API:
 * `POST /{phone-number-id}/settings` and `GET /{phone-number-id}/settings`
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/call-settings/,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/calling/reference).
 * Shared by the API, the dashboard (client side too) and the sandbox's own check of the same rules.
 * Not exposed: `sip` (SIP signalling turns Meta's Graph calling endpoints off, and every call this
 * product relays goes through them), `call_icons` (per-country icon), `audio` codecs.
 */

export const CALLING_STATUSES = ["ENABLED", "DISABLED"] as const;
export const CALL_ICON_VISIBILITIES = ["DEFAULT", "DISABLE_ALL"] as const;
export const DAYS_OF_WEEK = [
  "MONDAY",
  "TUESDAY",
  "WEDNESDAY",
  "THURSDAY",
  "FRIDAY",
  "SATURDAY",
  "SUNDAY",
] as const;

/** Ours (decided for issue 32): how long a customer's call rings before it is rejected as missed. */
export const RING_SECONDS = { min: 10, max: 120, default: 60 } as const;

/** Meta writes times of day as "HHMM", 24-hour, "0000" to "2359". */
const hhmm = z
  .string()
  .regex(/^([01]\d|2[0-3])[0-5]\d$/, "a time of day as HHMM (0000 to 2359)")
  .meta({ example: "0900" });

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const weeklyHoursSchema = z
  .object({
    day_of_week: z.enum(DAYS_OF_WEEK),
    open_time: hhmm,
    close_time: hhmm,
  })
  .refine((h) => h.open_time < h.close_time, {
    message: "close_time must be after open_time",
    path: ["close_time"],
  })
  .meta({ id: "CallWeeklyHours", example: { day_of_week: "MONDAY", open_time: "0900", close_time: "1700" } });

export const holidaySchema = z
  .object({
    date: z.iso.date().meta({ description: "YYYY-MM-DD" }),
    start_time: hhmm,
    end_time: hhmm,
  })
  .refine((h) => h.start_time < h.end_time, {
    message: "end_time must be after start_time",
    path: ["end_time"],
  })
  .meta({ id: "CallHoliday", example: { date: "2026-12-25", start_time: "0000", end_time: "2359" } });

/** Meta: two ranges a day at most, not overlapping; 20 holidays at most (the call-settings guide's limits). */
export const MAX_RANGES_PER_DAY = 2;
export const MAX_HOLIDAYS = 20;

export const callHoursSchema = z
  .object({
    status: z.enum(CALLING_STATUSES).meta({
      description: "ENABLED: calls outside the weekly hours and on holidays are not put through",
    }),
    timezone_id: z
      .string()
      .refine(isTimeZone, "an IANA time zone such as Europe/Berlin")
      .optional()
      .meta({ example: "America/Manaus", description: "Required when `status` is ENABLED" }),
    weekly_operating_hours: z.array(weeklyHoursSchema).max(14).default([]),
    holiday_schedule: z.array(holidaySchema).max(MAX_HOLIDAYS).default([]).meta({
      description: "Replaced as a whole on each change (Meta's rule): send every holiday you want kept",
    }),
  })
  .superRefine((hours, ctx) => {
    if (hours.status === "ENABLED" && !hours.timezone_id)
      ctx.addIssue({
        code: "custom",
        message: "a time zone is needed when call hours are ENABLED",
        path: ["timezone_id"],
      });
    if (hours.status === "ENABLED" && hours.weekly_operating_hours.length === 0)
      ctx.addIssue({
        code: "custom",
        message: "at least one day's hours are needed when call hours are ENABLED",
        path: ["weekly_operating_hours"],
      });
    for (const day of DAYS_OF_WEEK) {
      const ranges = hours.weekly_operating_hours
        .filter((h) => h.day_of_week === day)
        .sort((a, b) => a.open_time.localeCompare(b.open_time));
      if (ranges.length > MAX_RANGES_PER_DAY)
        ctx.addIssue({
          code: "custom",
          message: `${day} has ${ranges.length} ranges; at most ${MAX_RANGES_PER_DAY}`,
          path: ["weekly_operating_hours"],
        });
      for (let i = 1; i < ranges.length; i++) {
        const before = ranges[i - 1];
        const range = ranges[i];
        if (before && range && range.open_time < before.close_time)
          ctx.addIssue({
            code: "custom",
            message: `${day}'s ranges overlap`,
            path: ["weekly_operating_hours"],
          });
      }
    }
  })
  .meta({
    id: "CallHours",
    example: {
      status: "ENABLED",
      timezone_id: "America/Manaus",
      weekly_operating_hours: [{ day_of_week: "MONDAY", open_time: "0900", close_time: "1700" }],
      holiday_schedule: [{ date: "2026-12-25", start_time: "0000", end_time: "2359" }],
    },
  });

export type CallHours = z.infer<typeof callHoursSchema>;

/** The `calling` settings Meta keeps for a number (the subset this product manages). */
export const metaCallingSchema = z.object({
  status: z.enum(CALLING_STATUSES).optional(),
  call_icon_visibility: z.enum(CALL_ICON_VISIBILITIES).optional(),
  call_hours: callHoursSchema.optional(),
  callback_permission_status: z.enum(CALLING_STATUSES).optional(),
});
export type MetaCalling = z.infer<typeof metaCallingSchema>;

export const callSettingsJson = z
  .object({
    channel_id: z.uuid(),
    status: z.enum(CALLING_STATUSES).nullable().meta({
      description: "Calling on the number (Meta's `calling.status`); null until set through this API",
    }),
    call_icon_visibility: z.enum(CALL_ICON_VISIBILITIES).nullable().meta({
      description: "DEFAULT shows WhatsApp's call button to customers; DISABLE_ALL hides it",
    }),
    call_hours: callHoursSchema.nullable(),
    callback_permission_status: z.enum(CALLING_STATUSES).nullable().meta({
      description: "ENABLED: a customer who calls is asked to let the business call back",
    }),
    ring_seconds: z.int().meta({
      description: `Ours: a customer's call nobody answers within this time is rejected and logged as missed (${RING_SECONDS.min}–${RING_SECONDS.max}, default ${RING_SECONDS.default})`,
    }),
    applied_at: z.iso.datetime().nullable().meta({ description: "When WhatsApp last accepted the settings" }),
  })
  .meta({ id: "CallSettings" });

export type CallSettingsJson = z.infer<typeof callSettingsJson>;

export const updateCallSettingsBody = z
  .object({
    status: z.enum(CALLING_STATUSES).optional(),
    call_icon_visibility: z.enum(CALL_ICON_VISIBILITIES).optional(),
    call_hours: callHoursSchema.optional(),
    callback_permission_status: z.enum(CALLING_STATUSES).optional(),
    ring_seconds: z.int().min(RING_SECONDS.min).max(RING_SECONDS.max).optional(),
  })
  .meta({ id: "UpdateCallSettingsRequest" });

export type UpdateCallSettingsBody = z.infer<typeof updateCallSettingsBody>;

export const callSettingsParams = z.object({ id: z.string().meta({ description: "Channel id (UUID)" }) });
