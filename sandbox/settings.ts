import { z } from "zod";

const delay = z.number().int().min(0).max(600_000).nullable();

/** Behaviour knobs of PUT /_sandbox/app; README.md documents each one. */
export const settingsSchema = z.strictObject({
  status_delays_ms: z.strictObject({ sent: delay, delivered: delay, read: delay }).partial(),
  enforce_window: z.boolean(),
  async_errors: z.boolean(),
  duplicate_rate: z.number().min(0).max(1),
  reorder: z.boolean(),
  skip_delivered_when_read_fast: z.boolean(),
  read_fast_threshold_ms: z.number().int().min(0).max(60_000),
  pair_rate_limit: z
    .strictObject({ burst: z.number().int().min(1), interval_ms: z.number().int().min(1) })
    .nullable(),
  webhook_retry_delays_ms: z.array(z.number().int().min(0).max(3_600_000)).max(10),
  webhook_timeout_ms: z.number().int().min(1).max(60_000),
  media_fetch_timeout_ms: z.number().int().min(1).max(60_000),
  /** the pricing before October 2026: service messages and utility templates in the window are free */
  free_service_window: z.boolean(),
  /**
   * the UTC day the sandbox prices a send as sent on (YYYY-MM-DD); null: the real day. Before
   * 2026-10-01 the older rules apply (as with free_service_window)
   */
  pricing_date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "a UTC day, YYYY-MM-DD")
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), "a real calendar day")
    .nullable(),
});

export type SettingsInput = z.infer<typeof settingsSchema>;

export type Settings = Omit<SettingsInput, "status_delays_ms"> & {
  status_delays_ms: { sent: number | null; delivered: number | null; read: number | null };
};

export function defaultSettings(): Settings {
  return {
    status_delays_ms: { sent: 50, delivered: 200, read: 500 },
    enforce_window: true,
    async_errors: false,
    duplicate_rate: 0,
    reorder: false,
    skip_delivered_when_read_fast: true,
    read_fast_threshold_ms: 100,
    // Meta allows a burst of 45 then 1 message / 6 s per recipient; the sandbox's burst is larger
    // so that test suites reusing one recipient never trip it. Set {burst: 45, interval_ms: 6000} for the real thing.
    pair_rate_limit: { burst: 1000, interval_ms: 6000 },
    webhook_retry_delays_ms: [5_000, 30_000, 120_000],
    webhook_timeout_ms: 10_000,
    media_fetch_timeout_ms: 5_000,
    free_service_window: false,
    pricing_date: null,
  };
}

export function mergeSettings(current: Settings, patch: Partial<SettingsInput>): Settings {
  return {
    ...current,
    ...patch,
    status_delays_ms: { ...current.status_delays_ms, ...patch.status_delays_ms },
  };
}
