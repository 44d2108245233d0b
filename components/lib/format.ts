/** Display helpers shared by dashboard views (browser locale and time zone). */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const numbers = new Intl.NumberFormat();

export function formatDateTime(iso: string | null | undefined, fallback = "—"): string {
  return iso ? dateTime.format(new Date(iso)) : fallback;
}

export function formatDate(iso: string | null | undefined, fallback = "—"): string {
  return iso ? dateOnly.format(new Date(iso)) : fallback;
}

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "3 minutes ago", "in 2 days". */
export function formatRelative(iso: string | null | undefined, fallback = "Never", now = Date.now()): string {
  if (!iso) return fallback;
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return formatDateTime(iso);
}

export function formatNumber(n: number): string {
  return numbers.format(n);
}

/** A call's length: 65 → "1:05" (the thread's call entries and the ringing notice's timer). */
export function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
