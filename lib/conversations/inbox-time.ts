/**
 * Every time the inbox shows (the list, the thread's messages, who assigned or resolved it when),
 * in one format, in the viewer's time zone: "12:54" today, "Nov 27, 12:54" earlier this year,
 * "Nov 27, 2025, 12:54" before; never a bare time for another day. English like the rest of the
 * dashboard, on a 24-hour clock. Safe for client components (no server imports).
 */
const LOCALE = "en-US";
const clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
const timeOnly = new Intl.DateTimeFormat(LOCALE, clock);
const thisYear = new Intl.DateTimeFormat(LOCALE, { month: "short", day: "numeric", ...clock });
const withYear = new Intl.DateTimeFormat(LOCALE, {
  year: "numeric",
  month: "short",
  day: "numeric",
  ...clock,
});
const full = new Intl.DateTimeFormat(LOCALE, {
  year: "numeric",
  month: "short",
  day: "numeric",
  ...clock,
  second: "2-digit",
});
const dayName = new Intl.DateTimeFormat(LOCALE, { weekday: "long", month: "long", day: "numeric" });
const dayNameWithYear = new Intl.DateTimeFormat(LOCALE, {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
});

/** The local calendar day of an instant, as a key ("2026-11-25"). */
export function dayKey(at: string | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()}`;
}

/** "12:54" today, "Nov 27, 12:54" this year, "Nov 27, 2025, 12:54" before. */
export function inboxTime(iso: string, now = new Date()): string {
  const d = new Date(iso);
  if (dayKey(d) === dayKey(now)) return timeOnly.format(d);
  return d.getFullYear() === now.getFullYear() ? thisYear.format(d) : withYear.format(d);
}

/** The same to the second, with the year: a time's title (shown on hover). */
export function inboxTimeFull(iso: string): string {
  return full.format(new Date(iso));
}

/** A thread's day separator: "Today", "Yesterday", "Monday, November 23" (with the year when not this year). */
export function dayLabel(iso: string, now = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now)) return "Today";
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (key === dayKey(yesterday)) return "Yesterday";
  const d = new Date(iso);
  return d.getFullYear() === now.getFullYear() ? dayName.format(d) : dayNameWithYear.format(d);
}
