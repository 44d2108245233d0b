import { ApiError } from "@/lib/api/errors";
import { MAX_USAGE_DAYS } from "@/lib/usage/usage-schemas";

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a UTC instant. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The days a usage request covers: `to` defaults to today (UTC), `from` to 29 days before `to`. */
export function usageRange(from: string | undefined, to: string | undefined, now = new Date()) {
  const last = to ?? utcDay(now);
  const first = from ?? utcDay(new Date(Date.parse(`${last}T00:00:00Z`) - 29 * DAY_MS));
  const days = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1;
  if (days < 1) {
    throw new ApiError("VALIDATION_INVALID_FIELD", "`from` is after `to`.", {
      field: "from",
      hint: "from and to are UTC days, YYYY-MM-DD, from ≤ to",
    });
  }
  if (days > MAX_USAGE_DAYS) {
    throw new ApiError("VALIDATION_INVALID_FIELD", `A usage request covers at most ${MAX_USAGE_DAYS} days.`, {
      field: "from",
      hint: `ask for ${MAX_USAGE_DAYS} days or fewer, in several requests if needed`,
    });
  }
  return { from: first, to: last, days };
}

/** Every day of the range, oldest first (the chart shows empty days too). */
export function daysOf(from: string, days: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => utcDay(new Date(start + i * DAY_MS)));
}
